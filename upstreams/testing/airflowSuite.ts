import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airflow2 } from '../airflow2';
import { airflow3 } from '../airflow3';
import type { UpstreamDefinition } from '../definition';
import { whyNotHere } from '../lifecycle';
import { basePython, cacheRoot } from '../paths';
import { airflowClient, type AirflowClient } from './airflowClient';
import { attachOrStart, type Attached } from './attach';
import { consoleInFront, type ConsoleInFront } from './consoleInFront';
import type { AirflowUpstream } from '../../server/config';
import { startRelay, type Relay } from './relay';
import { upstreamContract } from './upstreamContract';

/** What each test of a suite against a real Airflow gets (filled in beforeAll). */
export interface AirflowContext {
  definition: UpstreamDefinition;
  attached: Attached;
  /** Airflow's own REST API as its admin, for arranging and checking behind the console's back. */
  airflow: AirflowClient;
  /** The console in front of it (a fresh data dir), for the whole file. */
  console: ConsoleInFront;
  /** Another console in front of it with other settings (e.g. other accounts), closed after the file. */
  consoleWith(overrides: Partial<AirflowUpstream>): Promise<ConsoleInFront>;
  /** Between the consoles and Airflow: every call they made, checked at the end of the suite. */
  relay: Relay;
}

const UP_TIMEOUT_MS = 8 * 60_000;

/**
 * Runs `body` once per Airflow version (3.3.2 on /api/v2, 2.10.5 on /api/v1) against a real,
 * running Airflow (attachOrStart) with the console in front of it, through a recording relay; the
 * suite ends by checking every call the console made, and Airflow's answer, against the OpenAPI
 * documents of that Airflow. A version whose venv can be neither found nor built is skipped with
 * one line saying why.
 */
export async function forEachAirflow(title: string, body: (context: () => AirflowContext) => void, versions: readonly UpstreamDefinition[] = [airflow3, airflow2]): Promise<void> {
  for (const definition of versions) {
    const why = await whyNotHere(definition, { cache: cacheRoot(), basePython: basePython() });
    if (why) console.warn(`${title} on ${definition.title} skipped: ${why}.`);
    describe.skipIf(why !== null)(`${title} on ${definition.title}`, () => {
      let context: AirflowContext | null = null;
      const consoles: ConsoleInFront[] = [];
      beforeAll(async () => {
        const attached = await attachOrStart(definition);
        const relay = await startRelay(attached.running.url);
        const consoleWith = async (overrides: Partial<AirflowUpstream>) => {
          const started = await consoleInFront(attached.running, { url: relay.url, ...overrides });
          consoles.push(started);
          return started;
        };
        context = { definition, attached, relay, airflow: await airflowClient(attached.running), console: await consoleWith({}), consoleWith };
      }, UP_TIMEOUT_MS);
      afterAll(async () => {
        await Promise.all(consoles.map((each) => each.close()));
        await context?.relay.close();
        await context?.attached.release();
      }, 60_000);
      const current = () => {
        if (!context) throw new Error(`${definition.title} did not start`);
        return context;
      };
      body(current);
      it(`every call the console made, and every answer, matches ${definition.title}'s OpenAPI documents`, async () => {
        const { relay, attached } = current();
        const problems = relay.exchanges().map(await upstreamContract(attached.running)).filter((problem) => problem !== null);
        expect(relay.exchanges().length).toBeGreaterThan(0);
        expect(problems).toEqual([]);
      }, 60_000);
    });
  }
}
