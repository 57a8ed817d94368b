import { afterEach } from 'vitest';
import type { AirflowUpstream } from '../../../config';
import { EDITOR_PASSWORD, signIn, type Fixture } from '../../../testing/harness';
import { startStandIn, type StandIn } from './standIn';

/** The Airflow accounts the console's roles go with in the proxy's tests. */
export const ADMIN_ACCOUNT = { username: 'airflow-admin', password: 'admin-pw' };
export const EDITOR_ACCOUNT = { username: 'airflow-op', password: 'op-pw' };

/** Stand-in Airflows started by a test, closed after it. */
export function useStandIns(): () => Promise<StandIn> {
  const started: StandIn[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((standIn) => standIn.close()));
  });
  return async () => {
    const standIn = await startStandIn();
    started.push(standIn);
    return standIn;
  };
}

/** A console proxying to `airflow.url` (v1, an account per role unless given), and a session cookie per role. */
export async function consoleWith(fixture: Fixture, airflow: Partial<AirflowUpstream> & { url: string }) {
  const { app } = await fixture.build({ airflow: { api: 'v1', accounts: { admin: ADMIN_ACCOUNT, editor: EDITOR_ACCOUNT }, timeoutMs: 5000, ...airflow } });
  const admin = (await signIn(app)).cookie;
  const editor = (await signIn(app, 'editor', EDITOR_PASSWORD)).cookie;
  return { app, admin, editor };
}
