import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { UpstreamDefinition } from './definition';
import { freePort } from '../server/util/freePort';
import { groupAlive, startDetached, stopGroups, sleep, type Command, type Started } from './processes';
import { UPSTREAMS_DIR } from './paths';
import { clearState, readState, secretsFor, writeState, type Account, type UpstreamState } from './state';
import { ensureVenv, venvFor } from './venv';

export interface Where {
  /** Venvs live in <cache>/venvs. */
  cache: string;
  /** Each upstream's state folder is <stateRoot>/<name>. */
  stateRoot: string;
  basePython: string;
  say(line: string): void;
}

/** A started (or already running) upstream. */
export interface Running extends UpstreamState {
  stateDir: string;
  accounts: Array<Account & { console?: 'admin' | 'editor' }>;
  timings: { venvMs: number; venvBuilt: boolean; startMs: number };
}

const HEALTH_TIMEOUT_MS = 240_000;

export const stateDirOf = (where: Pick<Where, 'stateRoot'>, name: string) => path.join(where.stateRoot, name);

/** Builds or reuses the venv, starts the upstream on a free loopback port, and resolves once it is healthy. */
export async function up(definition: UpstreamDefinition, where: Where): Promise<Running> {
  const stateDir = stateDirOf(where, definition.name);
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const secrets = secretsFor(stateDir, definition.accounts.map(({ username }) => username));
  const accounts = definition.accounts.map((account) => ({ ...account, password: secrets.passwords[account.username] }));
  const held = readState(stateDir);
  if (held && held.processes.every(groupAlive)) {
    where.say(`${definition.title} is already running (started ${held.startedAt}).`);
    return { ...held, stateDir, accounts, timings: { venvMs: 0, venvBuilt: false, startMs: 0 } };
  }
  if (held) await down(definition.name, where);

  const venv = venvFor(where.cache, definition.name, definition.lockFile);
  const venvTiming = await ensureVenv(venv, definition.lockFile, where.basePython, where.say);
  const started = Date.now();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const plan = definition.plan({ venv, stateDir, port, url, secrets, dagsFolder: path.join(UPSTREAMS_DIR, 'airflow', 'dags') });
  for (const [file, text] of Object.entries(plan.files)) writeFileSync(file, text, { mode: 0o600 });
  const logs = path.join(stateDir, 'logs');
  mkdirSync(logs, { recursive: true });
  for (const stage of plan.setup) {
    const steps = [stage].flat();
    where.say(`${definition.name}: ${steps.map((step) => step.role).join(', ')}…`);
    await Promise.all(steps.map((step) => runToEnd(step, plan.env, stateDir, path.join(logs, 'setup.log'))));
  }
  const processes: Started[] = [];
  const state: UpstreamState = { name: definition.name, url, api: definition.api, venv: venv.dir, startedAt: new Date().toISOString(), processes };
  try {
    for (const service of plan.services) {
      processes.push(startDetached(service, plan.env, stateDir, path.join(logs, `${service.role}.log`)));
      // Recorded after each start, so `down` finds every process even if this script dies here.
      writeState(stateDir, state);
    }
    where.say(`${definition.name}: waiting for ${url}${definition.healthPath}…`);
    await waitHealthy(definition, url, processes);
  } catch (error) {
    await stopGroups(processes);
    clearState(stateDir);
    throw error;
  }
  return { ...state, stateDir, accounts, timings: { venvMs: venvTiming.ms, venvBuilt: venvTiming.built, startMs: Date.now() - started } };
}

/** Stops the process groups the state file of `name` records, and only those. */
export async function down(name: string, where: Pick<Where, 'stateRoot' | 'say'>): Promise<boolean> {
  const stateDir = stateDirOf(where, name);
  const state = readState(stateDir);
  if (!state) return false;
  const alive = state.processes.filter(groupAlive);
  where.say(`${name}: stopping ${alive.map((p) => `${p.role} (${p.pid})`).join(', ') || 'nothing (already stopped)'}`);
  await stopGroups(alive);
  clearState(stateDir);
  return true;
}

async function waitHealthy(definition: UpstreamDefinition, url: string, processes: readonly Started[]): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    const dead = processes.find((process) => !groupAlive(process));
    if (dead) throw new Error(`${definition.name}: ${dead.role} exited; its log ends:\n${tail(dead.logFile)}`);
    if (definition.healthy(await healthOf(url + definition.healthPath))) return;
    if (Date.now() > deadline) throw new Error(`${definition.name} was not healthy at ${url}${definition.healthPath} within ${HEALTH_TIMEOUT_MS / 1000} s`);
    await sleep(500);
  }
}

export async function healthOf(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

function runToEnd(command: Command, env: NodeJS.ProcessEnv, cwd: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.command, command.args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const text = Buffer.concat(output).toString('utf8');
      writeFileSync(logFile, `$ ${command.role}\n${text}\n`, { flag: 'a' });
      if (code === 0) resolve();
      else reject(new Error(`${command.role} failed (exit ${code}):\n${text.split('\n').slice(-20).join('\n')}`));
    });
  });
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
