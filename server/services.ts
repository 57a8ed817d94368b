import type { ConsoleConfig } from './config';
import { openStore, type Store } from './store/db';
import type { AuthContext } from './auth/context';
import { Authenticator } from './auth/authenticate';
import { systemClock, type Clock } from './util/clock';
import { CredentialEnds } from './auth/credentialEnds';
import { TokenFamilies } from './auth/families';
import { TokenGrants } from './auth/grants';
import { SessionStore } from './auth/sessions';
import { LoginThrottle, type ThrottleOptions } from './auth/throttle';
import type { ScryptParams } from './auth/passwords';
import { TokenService } from './auth/tokens';
import { UserStore, type UserProfile } from './auth/users';
import { IdempotencyStore } from './http/idempotency.store';
import { NotebookService } from './notebook/service';
import type { Warehouse } from './warehouse/types';
import { openWarehouse, type WarehouseLogger } from './warehouse/warehouse';

/** Everything a route needs, created per app by buildApp (no module-level state). */
export interface ConsoleServices {
  config: ConsoleConfig;
  store: Store;
  users: UserStore;
  sessions: SessionStore;
  tokens: TokenService;
  /** Bearer tokens in revocable families (sign-in, refresh, logout, checks). */
  grants: TokenGrants;
  families: TokenFamilies;
  /** Ends event streams when the session or token family they were opened with ends. */
  credentialEnds: CredentialEnds;
  authenticator: Authenticator;
  clock: Clock;
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

export interface ServiceOptions {
  /** Time source for sessions, tokens and the sign-in throttle (tests move it). */
  clock?: Clock;
  /** Sign-in limits (see LoginThrottle); the defaults suit production. */
  throttle?: Partial<Omit<ThrottleOptions, 'clock'>>;
  /** scrypt cost for new password hashes; the default suits production. */
  passwordHashing?: ScryptParams;
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
  const store = await openStore(config.dataDir);
  const warehouse = openWarehouse({
    dataDir: config.dataDir,
    seedCache: config.warehouseSeedCache,
    logger: options.logger ?? consoleLogger,
    resultMaxBytes: config.resultMaxMb * 2 ** 20,
    sandboxQuotaBytes: config.sandboxQuotaMb * 2 ** 20,
    resources: { memoryMb: config.sqlMemoryMb, threads: config.sqlThreads },
  });
  try {
    const users = await UserStore.create(store, options.passwordHashing);
    const tokens = await TokenService.open(config.dataDir, clock);
    const credentialEnds = new CredentialEnds();
    const sessions = new SessionStore(store, config.sessionTtlSeconds, clock, credentialEnds);
    const families = new TokenFamilies(store, clock, credentialEnds);
    const grants = new TokenGrants(tokens, families, users, clock);
    const authenticator = new Authenticator(users, new LoginThrottle({ ...options.throttle, clock }));
    const idempotency = await IdempotencyStore.open(store, clock);
    const notebooks = await NotebookService.open(config.dataDir, store, clock);
    return { config, store, users, sessions, tokens, grants, families, credentialEnds, authenticator, clock, idempotency, notebooks, warehouse };
  } catch (error) {
    await Promise.all([store.close(), warehouse.close()]);
    throw error;
  }
}
