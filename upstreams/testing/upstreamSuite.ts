import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamDefinition } from '../definition';
import { down, downWithNeeds, up, whyNotHere, type Running, type Where } from '../lifecycle';
import { basePython, cacheRoot, UPSTREAMS_DIR } from '../paths';
import { groupAlive, sleep } from '../processes';
import { readState } from '../state';
import { airflowClient, type AirflowClient } from './airflowClient';

const DAGS_FOLDER = path.join(UPSTREAMS_DIR, 'airflow', 'dags');
/** A cold venv build (~40 s here) plus migrations and start (~30 s), with room for a busy machine. */
const UP_TIMEOUT_MS = 8 * 60_000;

/** Every dag_id our DAG files declare. */
export function ourDagIds(): string[] {
  const ids = readdirSync(DAGS_FOLDER)
    .filter((file) => file.endsWith('.py'))
    .flatMap((file) => [...readFileSync(path.join(DAGS_FOLDER, file), 'utf8').matchAll(/dag_id="([\w.-]+)"/g)].map((match) => match[1]));
  return ids.sort();
}

/**
 * The integration suite of one upstream: started through the same modules as `npm run upstreams`
 * (the cached venv, a fresh state folder), our DAGs parsed, the smoke DAG triggered
 * `simultaneousRuns` times at once and every run brought to success, then stopped. Where the venv
 * can be neither found nor built, the suite is skipped with one line saying why.
 */
export async function upstreamSuite(definition: UpstreamDefinition, { simultaneousRuns = 1 } = {}): Promise<void> {
  const cache = cacheRoot();
  const why = await whyNotHere(definition, { cache, basePython: basePython() });
  if (why) console.warn(`${definition.title} tests skipped: ${why}.`);

  describe.skipIf(why !== null)(`${definition.title} started by upstreams/`, () => {
    let where: Where;
    let running: Running;
    let client: AirflowClient;

    beforeAll(async () => {
      // A fresh state folder (DB, logs) each run; the venv is the shared cached one.
      where = { cache, stateRoot: mkdtempSync(path.join(tmpdir(), `console-${definition.name}-`)), basePython: basePython(), say: () => {} };
      running = await up(definition, where);
      client = await airflowClient(running);
    }, UP_TIMEOUT_MS);

    afterAll(async () => {
      await downWithNeeds(definition, where);
      rmSync(where.stateRoot, { recursive: true, force: true });
    }, 60_000);

    it('answers healthy on a loopback port other than 8080, with every component up', async () => {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(running.url.endsWith(':8080')).toBe(false);
      expect(await definition.ready(running.url)).toBe(true);
    });

    it('parses every one of our DAG files with no import error', async () => {
      const expected = ourDagIds();
      expect(expected.length).toBeGreaterThanOrEqual(7);
      expect(await listedOnceParsed(client, Date.now() + 90_000)).toEqual(expect.arrayContaining(expected));
      expect(await client.get('/importErrors')).toMatchObject({ total_entries: 0 });
    }, 120_000);

    it(`runs the smoke DAG to success, triggered ${simultaneousRuns} time(s) at once`, async () => {
      const body = definition.api === 'v2' ? { logical_date: null } : {};
      const trigger = async () => ((await client.send('POST', '/dags/console_smoke/dagRuns', body)) as { dag_run_id: string }).dag_run_id;
      const runIds = await Promise.all(Array.from({ length: simultaneousRuns }, trigger));
      const states = await Promise.all(runIds.map((runId) => finalState(client, `/dags/console_smoke/dagRuns/${encodeURIComponent(runId)}`, Date.now() + 150_000)));
      expect(states).toEqual(runIds.map(() => 'success'));
    }, 200_000);

    it('down stops exactly the processes up started', async () => {
      const processes = running.processes;
      expect(processes.every(groupAlive)).toBe(true);
      expect(await down(definition.name, where)).toBe(true);
      expect(processes.filter(groupAlive)).toEqual([]);
      expect(await definition.ready(running.url)).toBe(false);
      // What it needs stays up: it is an upstream of its own, maybe shared.
      for (const need of definition.needs ?? []) expect(readState(path.join(where.stateRoot, need.name))?.processes.every(groupAlive)).toBe(true);
    }, 60_000);
  });
}

/** The dag_ids Airflow lists, polled until it lists all of ours or the deadline passes (a fresh one parses them over a minute). */
export async function listedOnceParsed(client: AirflowClient, deadline: number): Promise<string[]> {
  const expected = ourDagIds();
  for (;;) {
    const { dags } = (await client.get('/dags?limit=100')) as { dags: Array<{ dag_id: string }> };
    const listed = dags.map((dag) => dag.dag_id).sort();
    if (expected.every((id) => listed.includes(id)) || Date.now() > deadline) return listed;
    await sleep(1000);
  }
}

/** Polls a run until it is finished or the deadline passes: its last state. */
async function finalState(client: AirflowClient, runPath: string, deadline: number): Promise<string> {
  let state = 'queued';
  while (!['success', 'failed'].includes(state) && Date.now() < deadline) {
    await sleep(1000);
    state = ((await client.get(runPath)) as { state: string }).state;
  }
  return state;
}
