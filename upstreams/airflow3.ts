import path from 'node:path';
import { UPSTREAMS_DIR } from './paths';
import { airflow, airflowAccounts, airflowEnv, airflowReady } from './airflowCommon';
import type { UpstreamDefinition } from './definition';
import { postgres, postgresDatabase } from './postgres';

/**
 * Apache Airflow 3.3.2: the api-server (/api/v2, the UI API and the execution API), scheduler
 * (LocalExecutor), dag-processor and triggerer as four processes rather than `airflow standalone`,
 * which picks its own port (8080, the console's), writes its own users and passwords, and runs
 * all four in one process group we could only stop together. Its metadata DB is a database of the
 * `postgres` upstream: on SQLite, a handful of simultaneous triggers ends in "database is locked".
 */
export const airflow3: UpstreamDefinition = {
  name: 'airflow3',
  title: 'Apache Airflow 3.3.2',
  api: 'v2',
  lockFile: path.join(UPSTREAMS_DIR, 'locks', 'airflow3.txt'),
  needs: [postgres],
  accounts: airflowAccounts({ admin: 'admin', op: 'op', viewer: 'viewer' }),
  ready: airflowReady('/api/v2/monitor/health', ['metadatabase', 'scheduler', 'triggerer', 'dag_processor']),
  plan(context) {
    const passwordsFile = path.join(context.stateDir, 'passwords.json');
    const metadata = postgresDatabase(context.needs.postgres, 'airflow3');
    const env = airflowEnv(context, metadata.sqlalchemyUrl, {
      AIRFLOW__CORE__EXECUTOR: 'LocalExecutor',
      // Two cores: a few tasks at a time is plenty.
      AIRFLOW__CORE__PARALLELISM: '4',
      AIRFLOW__CORE__AUTH_MANAGER: 'airflow.api_fastapi.auth.managers.simple.simple_auth_manager.SimpleAuthManager',
      AIRFLOW__CORE__SIMPLE_AUTH_MANAGER_USERS: airflow3.accounts.map((account) => `${account.username}:${account.role}`).join(','),
      AIRFLOW__CORE__SIMPLE_AUTH_MANAGER_PASSWORDS_FILE: passwordsFile,
      // Tasks report to the api-server on our port, not the default base URL's 8080.
      AIRFLOW__CORE__EXECUTION_API_SERVER_URL: `${context.url}/execution/`,
      AIRFLOW__API__HOST: '127.0.0.1',
      AIRFLOW__API__PORT: String(context.port),
      AIRFLOW__API__BASE_URL: context.url,
      AIRFLOW__API__WORKERS: '1',
      AIRFLOW__API__SECRET_KEY: context.secrets.secretKey,
      // Shared by every process: each would otherwise make its own and refuse the others' tokens.
      AIRFLOW__API_AUTH__JWT_SECRET: context.secrets.jwtSecret,
      // New and changed DAG files show within seconds, not the default 300 s / 30 s.
      AIRFLOW__DAG_PROCESSOR__REFRESH_INTERVAL: '5',
      AIRFLOW__DAG_PROCESSOR__MIN_FILE_PROCESS_INTERVAL: '10',
      AIRFLOW__DAG_PROCESSOR__PARSING_PROCESSES: '1',
    });
    const passwords = Object.fromEntries(airflow3.accounts.map(({ username }) => [username, context.secrets.passwords[username]]));
    return {
      env,
      files: { [passwordsFile]: `${JSON.stringify(passwords)}\n` },
      setup: [metadata.create, airflow(context, 'db migrate', 'db', 'migrate')],
      services: [
        airflow(context, 'api-server', 'api-server', '--host', '127.0.0.1', '--port', String(context.port), '--workers', '1'),
        airflow(context, 'scheduler', 'scheduler'),
        airflow(context, 'dag-processor', 'dag-processor'),
        airflow(context, 'triggerer', 'triggerer'),
      ],
    };
  },
};
