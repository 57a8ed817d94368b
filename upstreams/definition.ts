import path from 'node:path';
import type { Command } from './processes';
import type { Account, Secrets } from './state';
import type { Venv } from './venv';

/** What an upstream needs to be started: computed from where it lives and the port it got. */
export interface PlanContext {
  venv: Venv;
  /** The upstream's state folder (outside the clone). */
  stateDir: string;
  port: number;
  url: string;
  secrets: Secrets;
  dagsFolder: string;
}

export interface Plan {
  /** The environment of every command below. */
  env: NodeJS.ProcessEnv;
  /** Files written before anything runs (path → text, 0600). */
  files: Record<string, string>;
  /** Run in order, each to completion (migrations, accounts); the commands of an inner list run side by side. */
  setup: Array<Command | Command[]>;
  /** Started detached, each in its own process group, stopped by `down`. */
  services: Command[];
}

/** One upstream `npm run upstreams -- up <name>` can start. */
export interface UpstreamDefinition {
  name: string;
  title: string;
  api: 'v1' | 'v2';
  lockFile: string;
  /** The accounts it is given; `console` says which console role uses which (CONSOLE_AIRFLOW_ACCOUNTS). */
  accounts: ReadonlyArray<Omit<Account, 'password'> & { console?: 'admin' | 'editor' }>;
  healthPath: string;
  /** Whether the health endpoint's answer says every component the plan starts is up. */
  healthy(body: unknown): boolean;
  plan(context: PlanContext): Plan;
}

/** The environment of the upstream's commands: ours, without Airflow or Python settings of the caller's shell. */
export function airflowEnv(context: PlanContext, settings: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(AIRFLOW|PYTHON|VIRTUAL_ENV)/.test(key)));
  return {
    ...inherited,
    PATH: `${context.venv.bin}${path.delimiter}${process.env.PATH ?? ''}`,
    AIRFLOW_HOME: path.join(context.stateDir, 'home'),
    ...settings,
  };
}

/** `python -m airflow …` from the upstream's venv. */
export function airflow(context: PlanContext, role: string, ...args: string[]): Command {
  return { role, command: context.venv.python, args: ['-m', 'airflow', ...args] };
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
  return { url: `sqlite:///${file}`, wal: { role: 'sqlite wal', command: context.venv.python, args: ['-c', script, file] } };
}
