import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { ExecuteResponse, ListResponse } from '../../../contracts/bi';
import type { QueryCostEstimate, QueryHistoryItem } from '../../../contracts/biSqlLab';
import type { SqlTabEstimate } from '../../model/events';
import { deleteResults, dropUnkeptResults, markResultsUsed, putResults, recordLocalRun } from '../../db/sqlResults';
import { sqlTabMachine, type ExecuteQueryInput, type SqlTabQuery } from '../../machines/sqlTab.machine';
import type { BiApi } from '../../sync/api/bi.api';
import { isNetworkError } from '../../sync/api/http';
import type { BiMetadata } from '../../sync/caches/biMetadata';
import { announced, background, type CommandContext, type Result } from '../core';
import { createSqlTabCommands, type SqlTabCommands } from './tabs';
import { createMetadataWatch } from '../catalog/watch';

export type SqlTabActor = ActorRefFrom<typeof sqlTabMachine>;

/** Says what happens: the run is listed in this browser only, never sent to the server's history later. */
export const OFFLINE_RUN_MESSAGE =
  'The server cannot be reached: the query did not run there. It is listed under “Run while offline” in this browser’s Query history only (not the server’s); run it again from there when the server is back.';
export const RESULTS_NOT_KEPT_MESSAGE = 'These results are too large to keep offline: they are shown until the next results come or this page is reloaded.';
export const HISTORY_PAGE_SIZE = 25;

export interface SqlLabDeps extends CommandContext {
  username: string;
  api: BiApi;
  /** Read-through metadata for the editor's completion, which waits for its answers as the user types. */
  metadata: BiMetadata;
  /** Wakes the sync worker to fetch the metadata the schema panel asks for. */
  refreshMetadata: () => void;
}

function requireDatabase(databaseId: number | null): number {
  if (databaseId === null) throw new Error('Choose a database first.');
  return databaseId;
}

/** DuckDB's three figures as numbers; any other engine's as it named them (the three are 0 then). */
export function estimateFigures(estimate: QueryCostEstimate): Pick<SqlTabEstimate, 'totalRows' | 'cpuCost' | 'outputSize' | 'figures'> {
  const [rows, cpu, size] = [estimate['Output count'], estimate['CPU cost'], estimate['Output size']];
  if (typeof rows === 'number' && typeof cpu === 'number' && typeof size === 'number') return { totalRows: rows, cpuCost: cpu, outputSize: size };
  return { totalRows: 0, cpuCost: 0, outputSize: 0, figures: Object.entries(estimate).map(([name, value]) => ({ name, value: String(value) })) };
}

/** Superset SQL Lab's execute body for a tab's run. */
export function executeBody(input: ExecuteQueryInput) {
  return {
    database_id: requireDatabase(input.databaseId),
    runAsync: false,
    catalog: input.catalog,
    schema: input.schema,
    sql: input.sql,
    sql_editor_id: input.tabId,
    tab: input.tabName,
    tmp_table_name: '',
    select_as_cta: false,
    ctas_method: 'TABLE' as const,
    templateParams: null,
    queryLimit: input.queryLimit,
    expand_data: true,
    client_id: input.clientId,
  };
}

/** Tab commands that bring a tab to the front mark its results used: the results cache evicts the least recently used. */
function showing(db: CommandContext['db'], tabs: SqlTabCommands): SqlTabCommands {
  const shown =
    <A extends unknown[]>(command: (...args: A) => Promise<Result<{ tabId: string }>>) =>
    async (...args: A) => {
      const result = await command(...args);
      if (result.ok) background('Marking the results used failed.', markResultsUsed(db, result.tabId));
      return result;
    };
  return { ...tabs, restore: shown(tabs.restore), openTab: shown(tabs.openTab), reopen: shown(tabs.reopen), activate: shown(tabs.activate) };
}

/** The side effects the tab machines run: the server's SQL Lab API, the results cache, the tab's events. */
function labMachine(deps: SqlLabDeps, tabCommands: SqlTabCommands) {
  const { db, notify, api } = deps;
  return sqlTabMachine.provide({
    actors: {
      executeQuery: fromPromise<ExecuteResponse, ExecuteQueryInput>(async ({ input, signal }) => {
        try {
          return await api.execute(executeBody(input), { signal });
        } catch (error) {
          if (!isNetworkError(error)) throw error;
          await recordLocalRun(db, { sql: input.sql, tabName: input.tabName, databaseId: input.databaseId, schema: input.schema });
          throw new Error(OFFLINE_RUN_MESSAGE);
        }
      }),
      estimateQuery: fromPromise(async ({ input }) => {
        const startDttm = Date.now();
        const estimate = await api.estimate({ database_id: requireDatabase(input.databaseId), sql: input.sql, schema: input.schema, catalog: input.catalog });
        return { startDttm, endDttm: Date.now(), ...estimateFigures(estimate) };
      }),
      stopQuery: fromPromise(async ({ input }) => api.stop(input.clientId)),
      formatSql: fromPromise(async ({ input }) => api.format(input.sql, input.databaseId)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      // The results cache is a result's one home: every browser tab's panel reads it live.
      storeResults: (_, { tabId, response }) => background('Keeping the results failed.', storeResults(deps, tabId, response)),
      clearResults: (_, { tabId }) => background('Clearing the results failed.', deleteResults(db, tabId)),
      storeEstimate: (_, { tabId, estimate }) => background('Keeping the estimate failed.', tabCommands.recordEstimate(tabId, estimate)),
      clearEstimate: (_, { tabId }) => background('Clearing the estimate failed.', tabCommands.recordEstimate(tabId, null)),
      replaceSql: (_, { tabId, sql }) => background('Replacing the SQL failed.', tabCommands.changeSql(tabId, sql)),
      logOnly: (_, { message, detail }) => console.warn(message, detail),
    },
  });
}

async function storeResults({ db, notify }: SqlLabDeps, tabId: string, response: ExecuteResponse): Promise<void> {
  const outcome = await putResults(db, tabId, response);
  if (!outcome.stored) notify({ kind: 'warning', message: RESULTS_NOT_KEPT_MESSAGE });
}

/**
 * The SQL workbench of one signed-in session: the tab commands, one statechart actor per tab (a
 * run goes on across tab switches; the actor holds ids and status, its results go to the cache)
 * and the server's query history. Everything the workbench's screens do goes through here.
 */
export function createSqlLab(deps: SqlLabDeps) {
  const tabCommands = createSqlTabCommands(deps);
  const machine = labMachine(deps, tabCommands);
  const actors = new Map<string, SqlTabActor>();
  background('Dropping the results of an earlier page failed.', dropUnkeptResults(deps.db));

  /** The tab's statechart, started on first use and kept while the session lasts. */
  function actorFor(tabId: string): SqlTabActor {
    let actor = actors.get(tabId);
    if (!actor) {
      actor = createActor(machine, { input: { tabId } });
      actor.start();
      actors.set(tabId, actor);
    }
    return actor;
  }

  const tabs = showing(deps.db, tabCommands);
  return {
    tabs: { ...tabs, rename: announced(deps, tabs.rename), openTab: announced(deps, tabs.openTab), reopen: announced(deps, tabs.reopen) },
    metadata: deps.metadata,
    /** The schema panel asks for databases, schemas, tables and columns here and reads them live. */
    watchMetadata: createMetadataWatch({ db: deps.db, refresh: deps.refreshMetadata }).watch,
    actorFor,
    execute: (tabId: string, query: SqlTabQuery) => actorFor(tabId).send({ type: 'EXECUTE', query }),
    executeSelection: (tabId: string, query: SqlTabQuery) => actorFor(tabId).send({ type: 'EXECUTE_SELECTION', query }),
    estimate: (tabId: string, query: SqlTabQuery) => actorFor(tabId).send({ type: 'ESTIMATE', query }),
    format: (tabId: string, sql: string, databaseId: number | null) => actorFor(tabId).send({ type: 'FORMAT', sql, databaseId }),
    cancel: (tabId: string) => actorFor(tabId).send({ type: 'CANCEL' }),
    /** A page of the server's query history, newest first. */
    history: (page: number, signal?: AbortSignal): Promise<ListResponse<QueryHistoryItem>> =>
      deps.api.history({ order_column: 'start_time', order_direction: 'desc', page, page_size: HISTORY_PAGE_SIZE }, { signal }),
    /** Stops what the session started: the tabs' actors, and a query one still runs. */
    stop() {
      for (const actor of actors.values()) actor.stop();
      actors.clear();
    },
  };
}

export type SqlLab = ReturnType<typeof createSqlLab>;
