import path from 'node:path';
import type { Upstream, PlanContext } from './definition';
import { healthOf } from './health';
import type { Command } from './processes';

/** The console's three Airflow accounts, with the role names of the Airflow version. */
export function airflowAccounts(roles: { admin: string; op: string; viewer: string }): Upstream['accounts'] {
  return [
    { username: 'admin', role: roles.admin, console: 'admin' },
    { username: 'op', role: roles.op, console: 'editor' },
    { username: 'viewer', role: roles.viewer },
  ];
}

/** Ready when each named component of the health answer at `healthPath` reports "healthy". */
export function airflowReady(healthPath: string, components: readonly string[]): Upstream['ready'] {
  return async (url) => componentsHealthy(await healthOf(url + healthPath), components);
}

/**
 * The environment of the upstream's commands: ours, without Airflow or Python settings of the
 * caller's shell, plus what both versions share (our DAGs, paused at creation, the metadata DB,
 * logs in the state folder) and `settings`.
 */
export function airflowEnv(context: PlanContext, metadataUrl: string, settings: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(AIRFLOW|PYTHON|VIRTUAL_ENV)/.test(key)));
  return {
    ...inherited,
    PATH: `${venvOf(context).bin}${path.delimiter}${process.env.PATH ?? ''}`,
    AIRFLOW_HOME: path.join(context.stateDir, 'home'),
    AIRFLOW__CORE__DAGS_FOLDER: context.dagsFolder,
    AIRFLOW__CORE__LOAD_EXAMPLES: 'False',
    AIRFLOW__CORE__DAGS_ARE_PAUSED_AT_CREATION: 'True',
    AIRFLOW__CORE__FERNET_KEY: context.secrets.fernetKey,
    AIRFLOW__DATABASE__SQL_ALCHEMY_CONN: metadataUrl,
    AIRFLOW__LOGGING__BASE_LOG_FOLDER: path.join(context.stateDir, 'logs'),
    ...settings,
  };
}

/** `python -m airflow …` from the upstream's venv. */
export function airflow(context: PlanContext, role: string, ...args: string[]): Command {
  return { role, command: venvOf(context).python, args: ['-m', 'airflow', ...args] };
}

/** True when each named component of an Airflow health answer reports "healthy". */
export function componentsHealthy(body: unknown, components: readonly string[]): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, { status?: unknown } | undefined>;
  return components.every((component) => record[component]?.status === 'healthy');
}

/**
 * The SQLite metadata DB's URL and the step that puts it in WAL mode (kept in the file), so the
 * readers (api-server, UI calls) never wait for the writers (scheduler, dag-processor, triggerer,
 * task updates). SQLite's busy timeout stays at its 5 s: Airflow 3's api-server waits for a lock on
 * its event loop, so a longer timeout stalls every API call for as long (seen: 60 s with timeout=60).
 */
export function sqliteMetadata(context: PlanContext): { url: string; wal: Command } {
  const file = path.join(context.stateDir, 'home', 'airflow.db');
  const script = 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("pragma journal_mode=wal").fetchall()';
  return { url: `sqlite:///${file}`, wal: { role: 'sqlite wal', command: venvOf(context).python, args: ['-c', script, file] } };
}

function venvOf(context: PlanContext) {
  if (!context.venv) throw new Error('an Airflow runs from its venv');
  return context.venv;
}
