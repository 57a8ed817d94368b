import type { UserStore } from '../auth/users';
import type { ConsoleConfig } from '../config';
import type { Domain, Log } from '../http/domain';
import type { Store } from '../store/db';
import type { Clock } from '../util/clock';
import type { WarehouseSqlPort } from '../warehouse/sqlPort';
import type { Warehouse } from '../warehouse/types';
import type { BiContext } from './context';
import { SqlLabExecutor } from './executor';
import { QueryHistoryStore } from './history.store';
import { biRoutes } from './routes';
import { SavedQueryStore } from './savedQueries.store';
import { sqlLabPort } from './sqlPort';
import { SqlTableParser } from './sqlTables';
import { supersetRoutes } from './upstream/routes';
import type { SupersetSessions } from './upstream/session';

export interface BiDeps {
  config: ConsoleConfig;
  store: Store;
  clock: Clock;
  warehouse: Warehouse;
  users: Pick<UserStore, 'find'>;
  log: Log;
  /** The BI proxy's Superset sessions, when given (tests); made from config.superset otherwise. */
  supersetSessions?: SupersetSessions;
}

/** The BI domain, and SQL Lab's executor as the warehouse SQL port other domains (kernels) run SQL through. */
export interface BiDomain extends Domain {
  sql: WarehouseSqlPort;
}

/**
 * One history store, SQL Lab executor and SQL parser per app, for SQL Lab and notebooks' SQL;
 * the parser closes with the domain.
 */
export async function openBi({ config, store, clock, warehouse, users, log, supersetSessions }: BiDeps): Promise<BiDomain> {
  const parser = await SqlTableParser.open();
  try {
    const history = await QueryHistoryStore.open(store, clock());
    const savedQueries = new SavedQueryStore(store);
    const executor = new SqlLabExecutor({ warehouse, history, parser, clock, timeoutMs: config.sqlTimeoutSeconds * 1000, log });
    const bi: BiContext = { warehouse, history, savedQueries, executor, parser };
    // With a Superset upstream, /api/bi is Superset's; notebooks' SQL stays on the embedded warehouse.
    const { superset } = config;
    const routes: BiDomain['routes'] = superset ? (app) => supersetRoutes(app, { upstream: superset, sessions: supersetSessions, store, clock }) : (app) => biRoutes(app, { bi });
    return { routes, close: () => parser.close(), sql: sqlLabPort(executor, users) };
  } catch (error) {
    await parser.close();
    throw error;
  }
}
