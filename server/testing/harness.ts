import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import { buildApp, type BuildOptions, type ConsoleApp } from '../app';
import { loadConfig, type ConsoleConfig, type DatabaseConfig } from '../config';
import { TEST_STORE, usePostgresDatabases } from '../store/testing/postgresDatabases';
import { TEST_WAREHOUSE_SEED_CACHE, warmWarehouseSeedCache } from './warehouse';

export const ADMIN_PASSWORD = 'admin-test-password';
export const EDITOR_PASSWORD = 'editor-test-password';
/** Cheap scrypt for app fixtures; passwords.test.ts covers the production cost. */
export const FAST_HASHING = { N: 1024, r: 8, p: 1 };

export interface Fixture {
  tempDir(): Promise<string>;
  /**
   * Config for a fresh temp data dir (or the given one), env passwords set, no logging, and the
   * warehouse copied from the shared test seed cache rather than seeded per test.
   */
  config(overrides?: Partial<ConsoleConfig>): Promise<ConsoleConfig>;
  build(overrides?: Partial<ConsoleConfig>, options?: BuildOptions): Promise<ConsoleApp>;
  /** Closes an app early (e.g. to restart on the same data dir); safe to call twice. */
  close(app: FastifyInstance): Promise<void>;
}

/**
 * Config for tests on the given data dir: env passwords set, no logging, no client, and the warehouse
 * copied from the shared test seed cache rather than seeded per test.
 */
export function testConfig(dataDir: string, overrides: Partial<ConsoleConfig> = {}): ConsoleConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    dataDir,
    staticDir: path.join(os.tmpdir(), 'console-test-no-static-dir'),
    adminPassword: ADMIN_PASSWORD,
    editorPassword: EDITOR_PASSWORD,
    warehouseSeedCache: TEST_WAREHOUSE_SEED_CACHE,
    // A spare kernel costs seconds of CPU and ~190 MB: only the tests of kernels ask for one.
    kernelSpares: 0,
    ...overrides,
  };
}

/**
 * Per-test apps and temp dirs; with CONSOLE_TEST_STORE=postgres each data dir's app runs on a fresh
 * PostgreSQL database (CONSOLE_TEST_DATABASE_URL), to try a module's tests on that store. Closed and
 * removed after each test (the databases after the file).
 */
export function useFixture(): Fixture {
  const dirs: string[] = [];
  const apps = new Set<FastifyInstance>();
  const databases = usePostgresDatabases();
  const databaseOf = new Map<string, DatabaseConfig>();

  // Seeds only on a checkout's first run (about 10 s); later runs find the cache filled.
  beforeAll(() => warmWarehouseSeedCache(), 120_000);

  afterEach(async () => {
    await Promise.all([...apps].map((app) => app.close()));
    apps.clear();
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const fixture: Fixture = {
    async tempDir() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'console-test-'));
      dirs.push(dir);
      return dir;
    },
    async config(overrides = {}) {
      const dataDir = overrides.dataDir ?? (await fixture.tempDir());
      // A restart on the same data dir finds the same database.
      if (TEST_STORE === 'postgres' && !databaseOf.has(dataDir)) databaseOf.set(dataDir, await databases.create());
      return testConfig(dataDir, { database: databaseOf.get(dataDir) ?? null, ...overrides });
    },
    async build(overrides = {}, options = {}) {
      const built = await buildApp(await fixture.config(overrides), { passwordHashing: FAST_HASHING, ...options });
      apps.add(built.app);
      return built;
    },
    async close(app) {
      apps.delete(app);
      await app.close();
    },
  };
  return fixture;
}

export interface SignedIn {
  response: InjectResponse;
  /** Cookie request header carrying both cookies, as a browser would send them. */
  cookie: string;
}

export async function signIn(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/temp/login', payload: { username, password } });
  return { response, cookie: cookieHeader(response) };
}

export function cookieHeader(response: InjectResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export function cookieNamed(response: InjectResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

/**
 * Closes an app that listened for real HTTP clients. After a test aborts a streamed response, Node's
 * fetch opens a fresh keep-alive socket that never sends a request, and the server's close would wait
 * for its headers timeout (60 s): while closing, every connection is cut.
 */
export async function closeListening(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  const cutter = setInterval(() => app.server.closeAllConnections(), 50);
  try {
    await closing;
  } finally {
    clearInterval(cutter);
  }
}

/** A controllable clock for BuildOptions.clock. */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A GET whose path is sent exactly as written (no client normalises its dots or encodings), answering its status. */
export function rawStatus(port: number, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers: { cookie } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}
