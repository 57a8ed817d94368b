import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AxiosInstance } from 'axios';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { createSessions, type SupersetSessions } from '../../server/bi/upstream/session';
import type { SupersetUpstream } from '../../server/config';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../../server/testing/harness';
import { warmWarehouseSeedCache } from '../../server/testing/warehouse';
import { createHttp } from '../../src/sync/api/http';
import type { RunningUpstream } from '../definition';
import { downWithNeeds, up, whyNotHere, type Where } from '../lifecycle';
import { basePython, cacheRoot } from '../paths';
import { postgres } from '../postgres';
import { secretsFor } from '../state';
import { consoleSecret, superset } from '../superset';
import { runningShared } from './attach';

/** A cold venv build, a PostgreSQL cluster, migrations, the warehouse load and the start, with room. */
export const UP_TIMEOUT_MS = 8 * 60_000;

export type ConsoleRole = 'admin' | 'editor';
const PASSWORDS: Record<ConsoleRole, string> = { admin: ADMIN_PASSWORD, editor: EDITOR_PASSWORD };

/** Why Superset cannot run here (the suite is skipped), or null; and the one `npm run upstreams -- up superset` started, if any. */
export const supersetWhy = await whyNotHere(superset, { cache: cacheRoot(), basePython: basePython() });
if (supersetWhy) console.warn(`${superset.title} tests skipped: ${supersetWhy}.`);
const shared = supersetWhy === null ? await runningShared(superset) : null;

/** The console built in front of a real Superset, with its admin and editor signed in. */
export interface SupersetInFront {
  running: RunningUpstream;
  /** The postgres upstream Superset's `warehouse` database lives in. */
  postgresCluster: RunningUpstream;
  app: FastifyInstance;
  sessions: SupersetSessions;
  /** Our own Superset (stopped at the end), null when attached to the shared one. */
  where: Where | null;
  /** The role's console session cookie (a test's own request without the CSRF token). */
  cookie(role: ConsoleRole): string;
  get(role: ConsoleRole, url: string): Promise<LightMyRequestResponse>;
  send(role: ConsoleRole, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The browser's axios instance (as createHttp makes it) over HTTP to the listening console, signed in as `role`; `base` '' for the origin. */
  http(role: ConsoleRole, base?: string): AxiosInstance;
}

/**
 * For a describe block: attaches to the Superset `npm run upstreams -- up superset` runs (never
 * stopped here) or starts one (stopped at the end), builds the console in front of it, and signs
 * in its admin and editor (each their own Superset user). Read the handle's fields in tests only.
 */
export function useSupersetInFront(): SupersetInFront {
  const handle = { where: null } as SupersetInFront;
  const signedIn = {} as Record<ConsoleRole, { cookie: string; csrf: string }>;
  let dataDir: string | null = null;
  let address = '';
  beforeAll(async () => {
    await warmWarehouseSeedCache();
    if (shared) handle.running = shared;
    else {
      handle.where = { cache: cacheRoot(), stateRoot: await mkdtemp(path.join(tmpdir(), 'console-superset-')), basePython: basePython(), say: () => {} };
      handle.running = await up(superset, handle.where);
    }
    const cluster = await runningShared(postgres);
    if (!cluster) throw new Error('the postgres upstream Superset needs is not running');
    handle.postgresCluster = cluster;
    // Past SQLLAB_TIMEOUT (25 s) Superset answers with the database's timeout: the console waits longer.
    const upstream: SupersetUpstream = { url: handle.running.url, secret: consoleSecret(secretsFor(handle.running.stateDir, [])), timeoutMs: 60_000 };
    handle.sessions = createSessions(upstream);
    dataDir = await mkdtemp(path.join(tmpdir(), 'console-in-front-'));
    ({ app: handle.app } = await buildApp(testConfig(dataDir, { superset: upstream }), { passwordHashing: FAST_HASHING, supersetSessions: handle.sessions }));
    address = await handle.app.listen({ host: '127.0.0.1', port: 0 });
    for (const role of ['admin', 'editor'] as const) {
      const { cookie } = await signIn(handle.app, role, PASSWORDS[role]);
      const csrf = (await handle.app.inject({ method: 'GET', url: '/api/bi/v1/security/csrf_token/', headers: { cookie } })).json<{ result: string }>().result;
      signedIn[role] = { cookie, csrf };
    }
  }, UP_TIMEOUT_MS);
  afterAll(async () => {
    await handle.app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (handle.where) {
      await downWithNeeds(superset, handle.where);
      await rm(handle.where.stateRoot, { recursive: true, force: true });
    }
  }, 60_000);
  handle.cookie = (role) => signedIn[role].cookie;
  handle.http = (role, base = '/api/bi') => {
    const http = createHttp({ baseURL: `${address}${base}` });
    http.defaults.headers.common.cookie = signedIn[role].cookie;
    // The console checks a write's Origin, as a browser sends it.
    http.defaults.headers.common.origin = address;
    return http;
  };
  handle.get = (role, url) => handle.app.inject({ method: 'GET', url, headers: { cookie: signedIn[role].cookie } });
  handle.send = (role, method, url, body, headers = {}) =>
    handle.app.inject({
      method,
      url,
      headers: { cookie: signedIn[role].cookie, 'x-csrftoken': signedIn[role].csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return handle;
}
