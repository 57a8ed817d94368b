import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder (upstreams/), where the lock files and our DAG files live. */
export const UPSTREAMS_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Where venvs and the upstreams' state live: outside the clone, so a fresh clone reuses the venvs
 * and a `git clean` never takes a running Airflow's database with it.
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CONSOLE_UPSTREAMS_CACHE?.trim();
  return path.resolve(configured ? configured : path.join(homedir(), '.cache', 'console-upstreams'));
}

/** The default state root (AIRFLOW_HOME, metadata DB, logs, state.json) of each upstream: <cache>/state/<name>. */
export function defaultStateRoot(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(cacheRoot(env), 'state');
}

/** The Python the venvs are made from (Debian's, which has venv); CONSOLE_UPSTREAMS_PYTHON overrides. */
export function basePython(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONSOLE_UPSTREAMS_PYTHON?.trim() || '/usr/bin/python3';
}

/** Where PostgreSQL's server binaries are (Debian's postgresql 15); CONSOLE_UPSTREAMS_PG_BIN overrides. */
export function postgresBin(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONSOLE_UPSTREAMS_PG_BIN?.trim() || '/usr/lib/postgresql/15/bin';
}
