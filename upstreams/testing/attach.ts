import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningUpstream, Upstream, UpstreamDefinition } from '../definition';
import { downWithNeeds, stateDirOf, up, type Running, type Where } from '../lifecycle';
import { basePython, cacheRoot, defaultStateRoot } from '../paths';
import { groupAlive } from '../processes';
import { readState, secretsFor } from '../state';
import { airflowClient } from './airflowClient';
import { listedOnceParsed } from './upstreamSuite';

/** An upstream for one test file: `release` stops it only when this file started it. */
export interface Attached {
  running: Running;
  /** True when it was already running (`npm run upstreams -- up`, or `.ci/run` starting it during the unit tests). */
  shared: boolean;
  release(): Promise<void>;
}

/**
 * The upstream a suite tests against: the one `npm run upstreams -- up <name>` holds in the default
 * state root when it is running and healthy (started once, by `npm test` while the unit tests run, or
 * by a developer), else a fresh one in a temporary state root, once it lists our DAGs, stopped and
 * removed (with what it needed) by `release`.
 */
export async function attachOrStart(definition: UpstreamDefinition): Promise<Attached> {
  const shared = await runningShared(definition);
  if (shared) return { running: shared, shared: true, release: async () => {} };
  const where: Where = { cache: cacheRoot(), stateRoot: mkdtempSync(path.join(tmpdir(), `console-${definition.name}-`)), basePython: basePython(), say: () => {} };
  const running = await up(definition, where);
  // The suites expect our DAGs listed, as on a shared upstream that has been up for a while.
  await listedOnceParsed(await airflowClient(running), Date.now() + 120_000);
  return {
    running,
    shared: false,
    async release() {
      await downWithNeeds(definition, where);
      rmSync(where.stateRoot, { recursive: true, force: true });
    },
  };
}

/** The upstream `npm run upstreams -- up <name>` holds in the default state root, when it is running and healthy. */
export async function runningShared(definition: UpstreamDefinition): Promise<Running | null>;
export async function runningShared(definition: Upstream): Promise<RunningUpstream | null>;
export async function runningShared(definition: Upstream): Promise<RunningUpstream | null> {
  const stateDir = stateDirOf({ stateRoot: defaultStateRoot() }, definition.name);
  const state = readState(stateDir);
  if (!state || !state.processes.every(groupAlive)) return null;
  if (!(await definition.ready(state.url))) return null;
  const secrets = secretsFor(stateDir, definition.accounts.map(({ username }) => username));
  const accounts = definition.accounts.map((account) => ({ ...account, password: secrets.passwords[account.username] }));
  return { ...state, api: definition.api, stateDir, accounts, timings: { venvMs: 0, venvBuilt: false, startMs: 0 } };
}
