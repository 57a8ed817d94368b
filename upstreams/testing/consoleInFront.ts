import type { AddressInfo } from 'node:net';
import axios, { type AxiosInstance } from 'axios';
import type { WorkflowService } from '../../contracts/workflow';
import type { AirflowUpstream } from '../../server/config';
import { ADMIN_PASSWORD, closeListening, EDITOR_PASSWORD, signIn, type Fixture } from '../../server/testing/harness';
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

/** Builds and starts the console (a fresh data dir from `fixture`) proxying /api/workflow to `running`. */
export async function consoleInFront(fixture: Fixture, running: Running, overrides: Partial<AirflowUpstream> = {}): Promise<ConsoleInFront> {
  const { app } = await fixture.build({ airflow: airflowSettings(running, overrides) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    async workflow(role) {
      const { cookie } = await signIn(app, role, role === 'admin' ? ADMIN_PASSWORD : EDITOR_PASSWORD);
      const http = axios.create({ baseURL: `${url}/api/workflow`, headers: { cookie }, adapter: 'http' });
      return { service: running.api === 'v1' ? createWorkflowV1(http) : createWorkflowV2(http), http };
    },
    close: () => closeListening(app),
  };
}
