import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import axios, { type AxiosInstance } from 'axios';
import type { WorkflowService } from '../../contracts/workflow';
import type { AirflowUpstream } from '../../server/config';
import { buildApp } from '../../server/app';
import { ADMIN_PASSWORD, closeListening, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../../server/testing/harness';
import { warmWarehouseSeedCache } from '../../server/testing/warehouse';
import { createWorkflowV1 } from '../../src/sync/api/workflowV1.api';
import { createWorkflowV2 } from '../../src/sync/api/workflowV2.api';
import type { Running } from '../lifecycle';

/** The console's server in front of a running upstream, listening on loopback. */
export interface ConsoleInFront {
  url: string;
  /** The browser's workflow client (v1 or v2 adapter) through the console's proxy, signed in as `role`. */
  workflow(role: 'admin' | 'editor'): Promise<{ service: WorkflowService; http: AxiosInstance }>;
  close(): Promise<void>;
}

/** The Airflow settings `npm run upstreams -- up` prints, from a running upstream's accounts. */
export function airflowSettings(running: Running, overrides: Partial<AirflowUpstream> = {}): AirflowUpstream {
  const account = (role: 'admin' | 'editor') => {
    const found = running.accounts.find((each) => each.console === role);
    return found ? { username: found.username, password: found.password } : null;
  };
  return { url: running.url, api: running.api, accounts: { admin: account('admin'), editor: account('editor') }, timeoutMs: 30_000, ...overrides };
}

/**
 * Builds and starts the console on a fresh data dir, proxying /api/workflow to `running`; it lives
 * until `close` (a whole test file, unlike the harness's per-test apps), which removes the dir.
 */
export async function consoleInFront(running: Running, overrides: Partial<AirflowUpstream> = {}): Promise<ConsoleInFront> {
  await warmWarehouseSeedCache();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-in-front-'));
  const { app } = await buildApp(testConfig(dataDir, { airflow: airflowSettings(running, overrides) }), { passwordHashing: FAST_HASHING });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    async workflow(role) {
      const { cookie } = await signIn(app, role, role === 'admin' ? ADMIN_PASSWORD : EDITOR_PASSWORD);
      const http = axios.create({ baseURL: `${url}/api/workflow`, headers: { cookie }, adapter: 'http' });
      return { service: running.api === 'v1' ? createWorkflowV1(http) : createWorkflowV2(http), http };
    },
    async close() {
      await closeListening(app);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
