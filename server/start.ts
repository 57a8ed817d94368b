import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { ConsoleConfig } from './config';
import type { ConsoleServices } from './services';
import type { SeedResult } from './auth/users';
import type { WarehouseReady } from './warehouse/types';

export interface RunningServer {
  app: FastifyInstance;
  services: ConsoleServices;
  seed: SeedResult;
  /** Connectable base URL, e.g. http://127.0.0.1:8080 (actual port when PORT=0). */
  url: string;
  /** Same port with a host name for people: http://localhost:8080. */
  displayUrl: string;
  /** Settles when the demo warehouse, prepared in the background, answers (or cannot). */
  warehouseReady: Promise<WarehouseReady>;
  close(): Promise<void>;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** buildApp + listen on config.host:config.port. Used by main.ts, e2e tests and the bench. */
export async function startServer(config: ConsoleConfig, options: BuildOptions = {}): Promise<RunningServer> {
  const { app, services, seed } = await buildApp(config, options);
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    throw error;
  }
  // A serving console seeds (or copies) its warehouse now, so the first query does not wait for it.
  const warehouseReady = services.warehouse.prepare();
  // Handled here: a caller that does not wait for it (tests, the bench) gets no unhandled rejection.
  warehouseReady.catch(() => undefined);
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    services,
    seed,
    url: `http://${urlHost(connectHost(config.host))}:${port}`,
    displayUrl: `http://${urlHost(displayHost(config.host))}:${port}`,
    warehouseReady,
    close: () => app.close(),
  };
}

function connectHost(host: string): string {
  if (host === '::') return '::1';
  return WILDCARD_HOSTS.has(host) ? '127.0.0.1' : host;
}

function displayHost(host: string): string {
  return WILDCARD_HOSTS.has(host) || LOOPBACK_HOSTS.has(host) ? 'localhost' : host;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
