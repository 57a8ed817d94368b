import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningUpstream } from '../../upstreams/definition';
import { downWithNeeds, up, whyNotHere, type Where } from '../../upstreams/lifecycle';
import { basePython, cacheRoot } from '../../upstreams/paths';
import { secretsFor } from '../../upstreams/state';
import { consoleSecret, superset } from '../../upstreams/superset';
import { runningShared } from '../../upstreams/testing/attach';
import { startRelay, type Relay } from '../../upstreams/testing/relay';
import { ConsoleServer } from './consoleServer';

/** Why the real Superset cannot be had on this machine (no venv and none can be built, no PostgreSQL), or null. */
export function whyNoSuperset(): Promise<string | null> {
  return whyNotHere(superset, { cache: cacheRoot(), basePython: basePython() });
}

/** A real Superset with the console (as `npm start` runs it) in front of it. */
export interface SupersetBehindConsole {
  running: RunningUpstream;
  server: ConsoleServer;
  /** Between the console and Superset: stop it and Superset is unreachable to the console, as if stopped. */
  relay: Relay;
  dispose(): Promise<void>;
}

/** The environment `npm run upstreams -- up superset` tells a user to start the console with (`url`: another way to the same Superset). */
export function supersetEnv(running: RunningUpstream, url = running.url): Record<string, string> {
  return { CONSOLE_SUPERSET_URL: url, CONSOLE_SUPERSET_SECRET: consoleSecret(secretsFor(running.stateDir, [])) };
}

/**
 * The Superset `npm run upstreams -- up superset` holds (started by `npm test` while the unit
 * tests run) when it is running, else one of our own in a temporary state root, stopped by dispose.
 */
export async function startSupersetBehindConsole(): Promise<SupersetBehindConsole> {
  const shared = await runningShared(superset);
  const where: Where | null = shared ? null : { cache: cacheRoot(), stateRoot: mkdtempSync(path.join(tmpdir(), 'console-superset-')), basePython: basePython(), say: () => {} };
  const running = shared ?? (await up(superset, where!));
  const relay = await startRelay(running.url);
  const server = await ConsoleServer.start(supersetEnv(running, relay.url));
  return {
    running,
    server,
    relay,
    async dispose() {
      await server.dispose();
      await relay.close();
      if (where) {
        await downWithNeeds(superset, where);
        rmSync(where.stateRoot, { recursive: true, force: true });
      }
    },
  };
}
