import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Started } from './processes';

/** An Airflow account the upstream was given. */
export interface Account {
  username: string;
  password: string;
  role: string;
}

/** What `up` wrote and `down`/`status` read: state.json in the upstream's state folder. */
export interface UpstreamState {
  name: string;
  /** Its address: an Airflow's http:// root, a PostgreSQL cluster's postgresql:// host and port. */
  url: string;
  /** The further ports it was given (`extraPorts` of its definition), so one of its services can start again on them. */
  extraPorts?: number[];
  api?: 'v1' | 'v2';
  /** The venv it runs from; none for one run from the system's binaries. */
  venv?: string;
  startedAt: string;
  processes: Started[];
}

/** Secrets kept across restarts of one state folder (the metadata DB holds data encrypted and signed with them). */
export interface Secrets {
  fernetKey: string;
  secretKey: string;
  jwtSecret: string;
  passwords: Record<string, string>;
}

const STATE = 'state.json';
const SECRETS = 'secrets.json';

export function readState(dir: string): UpstreamState | null {
  const file = path.join(dir, STATE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as UpstreamState;
}

export function writeState(dir: string, state: UpstreamState): void {
  writePrivate(path.join(dir, STATE), `${JSON.stringify(state, null, 2)}\n`);
}

/** Forgets the processes (after they are stopped); the DB, logs and secrets stay for the next `up`. */
export function clearState(dir: string): void {
  rmSync(path.join(dir, STATE), { force: true });
}

/** The folder's secrets, made on first use (random; 0600, never in the clone). */
export function secretsFor(dir: string, usernames: readonly string[]): Secrets {
  const file = path.join(dir, SECRETS);
  const held = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Secrets) : null;
  const secrets: Secrets = held ?? {
    fernetKey: randomBytes(32).toString('base64url') + '=',
    secretKey: randomBytes(32).toString('hex'),
    jwtSecret: randomBytes(32).toString('hex'),
    passwords: {},
  };
  let changed = held === null;
  for (const username of usernames) {
    if (secrets.passwords[username] !== undefined) continue;
    // Hex, not base64url: a password that starts with '-' reads as an option to a CLI (airflow users create).
    secrets.passwords[username] = randomBytes(12).toString('hex');
    changed = true;
  }
  if (changed) writePrivate(file, `${JSON.stringify(secrets, null, 2)}\n`);
  return secrets;
}

/** Written whole or not at all (temp file and rename), readable by the owner only. */
function writePrivate(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, file);
}
