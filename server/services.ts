import type { ConsoleConfig } from './config';
import { openConfiguredStore, type Store } from './store/open';
import type { AuthContext } from './auth/context';
import { openAuthServices, type AuthOptions } from './auth/open';
import type { AuthServices } from './auth/services';
import type { UserProfile } from './auth/users';
import { IdempotencyStore } from './http/idempotency.store';
import { NotebookService } from './notebook/service';
import { systemClock, type Clock } from './util/clock';
import type { Warehouse } from './warehouse/types';
import { openWarehouse, type WarehouseLogger } from './warehouse/warehouse';

/** What every domain may be opened with, created per app by buildApp (no module-level state). */
export interface ConsoleServices extends AuthServices {
  store: Store;
  /** Stored answers of mutating requests by Idempotency-Key, for every API mount. */
  idempotency: IdempotencyStore;
  /** Workspace files and folders under <data>/workspace. */
  notebooks: NotebookService;
  /** The embedded demo warehouse the BI API runs SQL on (<data>/warehouse), seeded in the background. */
  warehouse: Warehouse;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ConsoleServices;
  }
  interface FastifyRequest {
    /** Set by the auth guard on every non-public /api request; null elsewhere. */
    user: UserProfile | null;
    auth: AuthContext | null;
  }
}

export interface ServiceOptions extends AuthOptions {
  /** Time source for sessions, tokens and the sign-in throttle (tests move it). */
  clock?: Clock;
  /** Where background work (the warehouse seed) reports; the app passes its logger. */
  logger?: WarehouseLogger;
}

/** For createServices without an app logger: failures still reach stderr. */
const consoleLogger: WarehouseLogger = {
  info: () => undefined,
  error: (details, message) => console.error(message, details),
};

/**
 * Opens the store (creating the data directory) and builds the services on top of it. The
 * warehouse opens at once and prepares its files in the background.
 */
export async function createServices(config: ConsoleConfig, options: ServiceOptions = {}): Promise<ConsoleServices> {
  const clock = options.clock ?? systemClock;
  const store = await openConfiguredStore(config);
  const warehouse = openWarehouse({
    dataDir: config.dataDir,
    seedCache: config.warehouseSeedCache,
    logger: options.logger ?? consoleLogger,
    resultMaxBytes: config.resultMaxMb * 2 ** 20,
    sandboxQuotaBytes: config.sandboxQuotaMb * 2 ** 20,
    resources: { memoryMb: config.sqlMemoryMb, threads: config.sqlThreads },
  });
  try {
    const auth = await openAuthServices(config, store, clock, options);
    const idempotency = await IdempotencyStore.open(store, clock);
    const notebooks = await NotebookService.open(config.dataDir, store, clock);
    return { ...auth, store, idempotency, notebooks, warehouse };
  } catch (error) {
    await Promise.all([store.close(), warehouse.close()]);
    throw error;
  }
}

/** Closes what createServices opened (after the domains that use them). */
export async function closeServices(services: ConsoleServices): Promise<void> {
  await Promise.all([services.store.close(), services.warehouse.close()]);
}
