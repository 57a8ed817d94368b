import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plan, RunningUpstream, Upstream, UpstreamDefinition } from './definition';
import { freePort } from '../server/util/freePort';
import { groupAlive, startDetached, stopGroups, sleep, type Command, type Started } from './processes';
import { UPSTREAMS_DIR } from './paths';
import { clearState, readState, secretsFor, writeState, type UpstreamState } from './state';
import { ensureVenv, venvFor, whyNoVenv } from './venv';

export interface Where {
  /** Venvs live in <cache>/venvs. */
  cache: string;
  /** Each upstream's state folder is <stateRoot>/<name>. */
  stateRoot: string;
  basePython: string;
  say(line: string): void;
}

/** A started (or already running) Airflow: an upstream with the API the console speaks to it. */
export type Running = RunningUpstream & { api: 'v1' | 'v2' };

const HEALTH_TIMEOUT_MS = 240_000;
const DAGS_FOLDER = path.join(UPSTREAMS_DIR, 'airflow', 'dags');

const venvOf = (definition: Upstream, where: Pick<Where, 'cache'>) => (definition.lockFile ? venvFor(where.cache, definition.name, definition.lockFile) : null);

export const stateDirOf = (where: Pick<Where, 'stateRoot'>, name: string) => path.join(where.stateRoot, name);

/**
 * Brings up what it needs first (or reuses it), builds or reuses its venv, starts it on a free
 * loopback port, and resolves once it is ready. One already running is returned as it is.
 */
export async function up(definition: UpstreamDefinition, where: Where): Promise<Running>;
export async function up(definition: Upstream, where: Where): Promise<RunningUpstream>;
export async function up(definition: Upstream, where: Where): Promise<RunningUpstream> {
  const why = definition.whyNot?.();
  if (why) throw new Error(`${definition.title} cannot start here: ${why}`);
  const needs: Record<string, RunningUpstream> = {};
  for (const need of definition.needs ?? []) needs[need.name] = await up(need, where);
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

  const venv = venvOf(definition, where);
  const venvTiming = venv && definition.lockFile ? await ensureVenv(venv, definition.lockFile, where.basePython, where.say) : { built: false, ms: 0 };
  const started = Date.now();
  const [port, ...extraPorts] = await distinctFreePorts(1 + (definition.extraPorts ?? 0));
  const url = `${definition.scheme ?? 'http'}://127.0.0.1:${port}`;
  const plan = definition.plan({ venv, stateDir, port, extraPorts, url, secrets, dagsFolder: DAGS_FOLDER, needs });
  await runSetup(definition, plan, stateDir, where);
  const state: UpstreamState = { name: definition.name, url, extraPorts, api: definition.api, venv: venv?.dir, startedAt: new Date().toISOString(), processes: [] };
  await startServices(definition, plan, stateDir, state, where);
  return { ...state, stateDir, accounts, timings: { venvMs: venvTiming.ms, venvBuilt: venvTiming.built, startMs: Date.now() - started } };
}

/** `count` free ports, none twice (each probe closes before the next, so the OS may hand one out again). */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

async function runSetup(definition: Upstream, plan: Plan, stateDir: string, where: Where): Promise<void> {
  for (const [file, text] of Object.entries(plan.files)) writeFileSync(file, text, { mode: 0o600 });
  mkdirSync(path.join(stateDir, 'logs'), { recursive: true });
  for (const stage of plan.setup) {
    const steps = [stage].flat();
    where.say(`${definition.name}: ${steps.map((step) => step.role).join(', ')}…`);
    await Promise.all(steps.map((step) => runToEnd(step, plan.env, stateDir, path.join(stateDir, 'logs', 'setup.log'))));
  }
}

/** Starts the services, recording each in the state file, and waits until the upstream is ready; stops them all if it never is. */
async function startServices(definition: Upstream, plan: Plan, stateDir: string, state: UpstreamState, where: Where): Promise<void> {
  const processes: Started[] = state.processes;
  try {
    for (const service of plan.services) {
      processes.push(startDetached(service, plan.env, stateDir, path.join(stateDir, 'logs', `${service.role}.log`)));
      // Recorded after each start, so `down` finds every process even if this script dies here.
      writeState(stateDir, state);
    }
    where.say(`${definition.name}: waiting for ${state.url}…`);
    await waitReady(definition, state.url, processes);
  } catch (error) {
    await stopGroups(processes);
    clearState(stateDir);
    throw error;
  }
}

/**
 * Stops one service of a running upstream (its whole process group, as a crash or an operator
 * would) and starts it again on the same port with the same secrets, once it is gone; resolves once
 * the upstream is ready. For tests of a real fault: an Airflow API server stopped behind the console's back.
 */
export async function restartService(definition: Upstream, where: Where, role: string, stopped: () => Promise<void> = async () => {}): Promise<void> {
  const stateDir = stateDirOf(where, definition.name);
  const state = readState(stateDir);
  const at = state?.processes.findIndex((process) => process.role === role) ?? -1;
  if (!state || at < 0) throw new Error(`${definition.name} has no running ${role}`);
  const needs: Record<string, RunningUpstream> = {};
  for (const need of definition.needs ?? []) needs[need.name] = await up(need, where);
  const secrets = secretsFor(stateDir, definition.accounts.map(({ username }) => username));
  const port = Number(new URL(state.url).port);
  const extraPorts = state.extraPorts ?? [];
  const plan = definition.plan({ venv: venvOf(definition, where), stateDir, port, extraPorts, url: state.url, secrets, dagsFolder: DAGS_FOLDER, needs });
  const service = plan.services.find((each) => each.role === role);
  if (!service) throw new Error(`${definition.name} plans no ${role}`);
  await stopGroups([state.processes[at]]);
  await stopped();
  state.processes[at] = startDetached(service, plan.env, stateDir, path.join(stateDir, 'logs', `${role}.log`));
  writeState(stateDir, state);
  await waitReady(definition, state.url, state.processes);
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

async function waitReady(definition: Upstream, url: string, processes: readonly Started[]): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    const dead = processes.find((process) => !groupAlive(process));
    if (dead) throw new Error(`${definition.name}: ${dead.role} exited; its log ends:\n${tail(dead.logFile)}`);
    if (await definition.ready(url)) return;
    if (Date.now() > deadline) throw new Error(`${definition.name} was not ready at ${url} within ${HEALTH_TIMEOUT_MS / 1000} s`);
    await sleep(500);
  }
}

function runToEnd(command: Command, env: NodeJS.ProcessEnv, cwd: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.command, command.args, { cwd, env: { ...env, ...command.env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Stops `definition`, then what it needs: for a state root of its own (a test's), where nothing else uses them. */
export async function downWithNeeds(definition: Upstream, where: Pick<Where, 'stateRoot' | 'say'>): Promise<void> {
  await down(definition.name, where);
  for (const need of definition.needs ?? []) await downWithNeeds(need, where);
}

/** Why `definition` cannot be started on this machine (a system package missing, here or in what it needs; no venv to be had), or null. */
export async function whyNotHere(definition: Upstream, where: Pick<Where, 'cache' | 'basePython'>): Promise<string | null> {
  const missing = (each: Upstream): string | null => each.whyNot?.() ?? (each.needs ?? []).map(missing).find((why) => why !== null) ?? null;
  return missing(definition) ?? (definition.lockFile ? whyNoVenv(venvFor(where.cache, definition.name, definition.lockFile), where.basePython) : null);
}
