import path from 'node:path';
import { UPSTREAMS_DIR } from './paths';
import { airflow, airflowAccounts, airflowEnv, airflowReady, sqliteMetadata } from './airflowCommon';
import type { PlanContext, UpstreamDefinition } from './definition';

/**
 * Apache Airflow 2.10.5: webserver (/api/v1 with Basic auth), scheduler and triggerer. Airflow 2
 * refuses the LocalExecutor on SQLite, so tasks run one at a time (SequentialExecutor).
 */
export const airflow2: UpstreamDefinition = {
  name: 'airflow2',
  title: 'Apache Airflow 2.10.5',
  api: 'v1',
  lockFile: path.join(UPSTREAMS_DIR, 'locks', 'airflow2.txt'),
  accounts: airflowAccounts({ admin: 'Admin', op: 'Op', viewer: 'Viewer' }),
  ready: airflowReady('/api/v1/health', ['metadatabase', 'scheduler', 'triggerer']),
  plan(context) {
    const metadata = sqliteMetadata(context);
    const env = airflowEnv(context, metadata.url, {
      AIRFLOW__CORE__EXECUTOR: 'SequentialExecutor',
      AIRFLOW__API__AUTH_BACKENDS: 'airflow.api.auth.backend.basic_auth,airflow.api.auth.backend.session',
      AIRFLOW__WEBSERVER__WEB_SERVER_HOST: '127.0.0.1',
      AIRFLOW__WEBSERVER__WEB_SERVER_PORT: String(context.port),
      AIRFLOW__WEBSERVER__BASE_URL: context.url,
      AIRFLOW__WEBSERVER__WORKERS: '1',
      AIRFLOW__WEBSERVER__SECRET_KEY: context.secrets.secretKey,
      // New and changed DAG files show within seconds, not the default 300 s / 30 s.
      AIRFLOW__SCHEDULER__DAG_DIR_LIST_INTERVAL: '5',
      AIRFLOW__SCHEDULER__MIN_FILE_PROCESS_INTERVAL: '10',
      AIRFLOW__SCHEDULER__PARSING_PROCESSES: '1',
    });
    return {
      env,
      files: {},
      // The accounts side by side: each command spends most of its seconds importing Airflow.
      setup: [airflow(context, 'db migrate', 'db', 'migrate'), metadata.wal, airflow(context, 'roles', 'sync-perm'), airflow2.accounts.map(({ username, role }) => createUser(context, username, role))],
      services: [
        airflow(context, 'webserver', 'webserver', '--hostname', '127.0.0.1', '--port', String(context.port), '--workers', '1'),
        airflow(context, 'scheduler', 'scheduler'),
        airflow(context, 'triggerer', 'triggerer'),
      ],
    };
  },
};

/** `airflow users create` (it leaves an existing user as it is: the state folder keeps the password). */
function createUser(context: PlanContext, username: string, role: string) {
  const password = context.secrets.passwords[username];
  return airflow(context, `user ${username}`, 'users', 'create', '--username', username, `--password=${password}`, '--role', role, '--firstname', username, '--lastname', 'Console', '--email', `${username}@example.invalid`);
}
