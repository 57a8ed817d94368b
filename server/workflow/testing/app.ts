import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { V1DagRun } from '../../../contracts/airflowV1';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app';
import { FAST_HASHING, signIn, testConfig } from '../../testing/harness';
import { warmWarehouseSeedCache } from '../../testing/warehouse';
import { createTestDatabase, dropTestDatabase, TEST_STORE } from '../../store/testing/postgresDatabases';

export interface WorkflowApp {
  app: FastifyInstance;
  dataDir: string;
  /** A request to /api/workflow/<path> with the admin's session; bodies are JSON. */
  call(method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A run as the demo's v1 API answers it. */
  run(dagId: string, runId: string): Promise<V1DagRun>;
  close(): Promise<void>;
}

/** A run's path in the v1 API the demo answers. */
export const runPath = (dagId: string, runId: string) => `/v1/dags/${dagId}/dagRuns/${encodeURIComponent(runId)}`;
/** Whether a run has ended. */
export const finished = (run: V1DagRun) => run.state === 'success' || run.state === 'failed';

/**
 * One app on a fresh data dir (or the given one), with a fast executor, shared by a test file's
 * tests; the demo DAGs are seeded (on first use) unless `seed` is false.
 */
export async function workflowApp(taskMs = 20, dataDir?: string, seed = true): Promise<WorkflowApp> {
  await warmWarehouseSeedCache();
  const dir = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'console-wf-')));
  // CONSOLE_TEST_STORE=postgres: a database of its own, dropped on close (a restart passes a dataDir and reuses none).
  const database = TEST_STORE === 'postgres' ? await createTestDatabase() : null;
  const { app } = await buildApp(testConfig(dir, { workflowTaskMs: taskMs, database }), { passwordHashing: FAST_HASHING });
  const { cookie } = await signIn(app);
  const call: WorkflowApp['call'] = (method, url, payload, headers = {}) =>
    app.inject({ method, url: `/api/workflow${url}`, payload: payload as InjectOptions['payload'], headers: { cookie, ...headers } });
  if (seed) await call('GET', '/v1/dags?limit=1');
  return {
    app,
    dataDir: dir,
    call,
    run: async (dagId, runId) => (await call('GET', runPath(dagId, runId))).json<V1DagRun>(),
    async close() {
      await app.close();
      if (database) await dropTestDatabase(database);
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `read` until `done` holds (small sleeps; the executor runs at test speed). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
