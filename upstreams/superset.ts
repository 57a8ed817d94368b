import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlanContext, Upstream } from './definition';
import { UPSTREAMS_DIR } from './paths';
import { postgres, postgresDatabase } from './postgres';
import type { Command } from './processes';
import type { Secrets } from './state';

const HERE = path.join(UPSTREAMS_DIR, 'superset');
const TSX = path.join(UPSTREAMS_DIR, '..', 'node_modules', '.bin', 'tsx');

/** Console role → Superset roles (superset_config.py's CONSOLE_SUPERSET_ROLES). */
export const CONSOLE_ROLES = { admin: ['Admin'], editor: ['Gamma', 'sql_lab', 'console_databases'] } as const;

/**
 * Apache Superset 6.1.0 with our superset_config.py: SQLite metadata in its state folder, CSRF on,
 * no examples. Two databases exposed in SQL Lab: `warehouse`, the demo warehouse's gaming schema in
 * a database of the `postgres` upstream (DML refused), and `duckdb`, the same data in a DuckDB file
 * through duckdb-engine (DML allowed). Served by gunicorn (what Superset's own images run; `superset
 * run` is Flask's development server): one worker, so the DuckDB file has a single writer, with
 * threads for simultaneous requests. Users sign in through AUTH_REMOTE_USER: the console sends
 * X-Console-User/-Role with the secret consoleSecret() gives (superset_config.py), the db account
 * `admin` as well (the API's db login is refused under it); see testing/supersetClient.ts.
 */
export const superset: Upstream = {
  name: 'superset',
  title: 'Apache Superset 6.1.0',
  lockFile: path.join(UPSTREAMS_DIR, 'locks', 'superset.txt'),
  needs: [postgres],
  accounts: [{ username: 'admin', role: 'Admin', console: 'admin' }],
  ready: async (url) => {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
      return response.ok && (await response.text()).trim() === 'OK';
    } catch {
      return false;
    }
  },
  plan(context) {
    const warehouse = postgresDatabase(context.needs.postgres, 'warehouse');
    const duckdbFile = path.join(context.stateDir, 'lakehouse.duckdb');
    const configFile = path.join(context.stateDir, 'superset_config.py');
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SUPERSET|PYTHON|VIRTUAL_ENV|FLASK)/.test(key))),
      PATH: `${venvOf(context).bin}${path.delimiter}${process.env.PATH ?? ''}`,
      SUPERSET_CONFIG_PATH: configFile,
      FLASK_APP: 'superset',
      CONSOLE_SUPERSET_STATE: context.stateDir,
      CONSOLE_SUPERSET_SECRET_KEY: context.secrets.secretKey,
      CONSOLE_SUPERSET_SECRET: consoleSecret(context.secrets),
      // Editors reach both databases through the role register.py makes.
      CONSOLE_SUPERSET_ROLES: JSON.stringify(CONSOLE_ROLES),
    };
    const admin = { username: 'admin', password: context.secrets.passwords.admin };
    return {
      env,
      files: { [configFile]: readFileSync(path.join(HERE, 'superset_config.py'), 'utf8') },
      setup: [
        [warehouse.create, supersetCli(context, 'db upgrade', 'db', 'upgrade')],
        [
          supersetCli(context, 'init', 'init'),
          {
            role: 'load warehouse',
            command: TSX,
            args: [path.join(HERE, 'loadWarehouse.ts'), duckdbFile, path.join(context.stateDir, 'csv')],
            env: { CONSOLE_PG_URL: warehouse.url },
          },
        ],
        // `--password=…` in one argument: a value starting with '-' would read as an option.
        { ...supersetCli(context, 'admin user', 'fab', 'create-admin', '--username=admin', '--firstname=Console', '--lastname=Admin', '--email=admin@console.invalid', `--password=${admin.password}`) },
        {
          role: 'register databases',
          command: venvOf(context).python,
          args: [path.join(HERE, 'register.py')],
          env: { CONSOLE_SUPERSET_WAREHOUSE_URI: warehouse.sqlalchemyUrl, CONSOLE_SUPERSET_DUCKDB_URI: `duckdb:///${duckdbFile}` },
        },
      ],
      services: [
        {
          role: 'gunicorn',
          command: path.join(venvOf(context).bin, 'gunicorn'),
          args: ['--bind', `127.0.0.1:${context.port}`, '--workers', '1', '--worker-class', 'gthread', '--threads', '8', '--timeout', '120', 'superset.app:create_app()'],
        },
      ],
    };
  },
};

/**
 * The secret the console sends in X-Console-Secret (superset_config.py trusts X-Console-User only
 * with it): derived from the state folder's secret key, so it lasts as long as the folder's secrets.
 */
export function consoleSecret(secrets: Secrets): string {
  return createHmac('sha256', secrets.secretKey).update('console-superset-remote-user').digest('hex');
}

/** `superset …` from the upstream's venv. */
function supersetCli(context: PlanContext, role: string, ...args: string[]): Command {
  return { role, command: path.join(venvOf(context).bin, 'superset'), args };
}

function venvOf(context: PlanContext) {
  if (!context.venv) throw new Error('Superset runs from its venv');
  return context.venv;
}
