import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AxiosInstance } from 'axios';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { SupersetUpstream } from '../../server/config';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../../server/testing/harness';
import { warmWarehouseSeedCache } from '../../server/testing/warehouse';
import { createHttp } from '../../src/sync/api/http';
import type { RunningUpstream } from '../definition';
import { downWithNeeds, up, type Where } from '../lifecycle';
import { basePython, cacheRoot } from '../paths';
import { postgres } from '../postgres';
import { secretsFor } from '../state';
import { consoleSecret, superset } from '../superset';
import { runningShared } from './attach';

/** A cold venv build, a PostgreSQL cluster, migrations, the warehouse load and the start, with room. */
export const SUPERSET_UP_TIMEOUT_MS = 8 * 60_000;

export type ConsoleRole = 'admin' | 'editor';
const PASSWORDS: Record<ConsoleRole, string> = { admin: ADMIN_PASSWORD, editor: EDITOR_PASSWORD };

/** The console, listening on a loopback port, with /api/bi in front of a real Superset. */
export interface SupersetInFront {
  running: RunningUpstream;
  /** The postgres upstream Superset's `warehouse` database lives in. */
  postgresCluster: RunningUpstream;
  app: FastifyInstance;
  /** The browser's axios instance for /api/bi (as createHttp makes it), signed in as this console user; `base` '' for the origin. */
  http(role: ConsoleRole, base?: string): AxiosInstance;
  close(): Promise<void>;
}

/**
 * `npm run upstreams -- up superset` when it runs (never stopped here), else our own, stopped by
 * close(); the console built in front of it (real server, real sessions) and listening, so the
 * client's own code calls it over HTTP.
 */
export async function supersetInFront(): Promise<SupersetInFront> {
  await warmWarehouseSeedCache();
  const shared = await runningShared(superset);
  const where: Where | null = shared ? null : { cache: cacheRoot(), stateRoot: await mkdtemp(path.join(tmpdir(), 'console-superset-')), basePython: basePython(), say: () => {} };
  const running = shared ?? (await up(superset, where as Where));
  const postgresCluster = await runningShared(postgres);
  if (!postgresCluster) throw new Error('the postgres upstream Superset needs is not running');
  const upstream: SupersetUpstream = { url: running.url, secret: consoleSecret(secretsFor(running.stateDir, [])), timeoutMs: 60_000 };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'console-in-front-'));
  const { app } = await buildApp(testConfig(dataDir, { superset: upstream }), { passwordHashing: FAST_HASHING });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const cookies = {} as Record<ConsoleRole, string>;
  for (const role of ['admin', 'editor'] as const) cookies[role] = (await signIn(app, role, PASSWORDS[role])).cookie;
  return {
    running,
    postgresCluster,
    app,
    http(role, base = '/api/bi') {
      const http = createHttp({ baseURL: `${address}${base}` });
      http.defaults.headers.common.cookie = cookies[role];
      // The console checks a write's Origin, as a browser sends it.
      http.defaults.headers.common.origin = address;
      return http;
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      if (where) {
        await downWithNeeds(superset, where);
        await rm(where.stateRoot, { recursive: true, force: true });
      }
    },
  };
}
