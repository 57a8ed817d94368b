import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { useFixture } from '../../server/testing/harness';
import { airflow2 } from '../airflow2';
import { airflow3 } from '../airflow3';
import type { UpstreamDefinition } from '../definition';
import { basePython, cacheRoot } from '../paths';
import { venvFor, whyNoVenv } from '../venv';
import { airflowClient, type AirflowClient } from './airflowClient';
import { attachOrStart, type Attached } from './attach';
import { consoleInFront, type ConsoleInFront } from './consoleInFront';

/** What each test of a suite against a real Airflow gets (filled in beforeAll). */
export interface AirflowContext {
  definition: UpstreamDefinition;
  attached: Attached;
  /** Airflow's own REST API as its admin, for arranging and checking behind the console's back. */
  airflow: AirflowClient;
  /** The console in front of it (a fresh data dir). */
  console: ConsoleInFront;
}

const UP_TIMEOUT_MS = 8 * 60_000;

/**
 * Runs `body` once per Airflow version (3.3.2 on /api/v2, 2.10.5 on /api/v1) against a real,
 * running Airflow (attachOrStart) with the console in front of it. A version whose venv can be
 * neither found nor built is skipped with one line saying why.
 */
export async function forEachAirflow(title: string, body: (context: () => AirflowContext) => void, versions: readonly UpstreamDefinition[] = [airflow3, airflow2]): Promise<void> {
  for (const definition of versions) {
    const why = await whyNoVenv(venvFor(cacheRoot(), definition.name, definition.lockFile), basePython());
    if (why) console.warn(`${title} on ${definition.title} skipped: ${why}.`);
    describe.skipIf(why !== null)(`${title} on ${definition.title}`, () => {
      const fixture = useFixture();
      let context: AirflowContext | null = null;
      beforeAll(async () => {
        const attached = await attachOrStart(definition);
        context = { definition, attached, airflow: await airflowClient(attached.running), console: await consoleInFront(fixture, attached.running) };
      }, UP_TIMEOUT_MS);
      // The fixture closes its apps (and removes their data dirs) after each test: each test gets a console of its own.
      beforeEach(async () => {
        if (context) context = { ...context, console: await consoleInFront(fixture, context.attached.running) };
      }, 60_000);
      afterAll(async () => {
        await context?.attached.release();
      }, 60_000);
      body(() => {
        if (!context) throw new Error(`${definition.title} did not start`);
        return context;
      });
    });
  }
}
