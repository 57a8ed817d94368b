import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { ExecuteResponse } from '../../contracts/bi';
import type { Identity } from '../db/identity';
import type { ConsoleDb } from '../db/schema';
import { deleteResults, putResults, recordLocalRun } from '../db/sqlResults';
import { createSqlTabCommands, type SqlTabCommands } from '../db/sqlTabs';
import { sqlTabMachine, type Notice } from '../machines/sqlTab.machine';
import type { BiApi } from './api/bi.api';
import { isNetworkError } from './api/http';
import { createBiMetadata, type BiMetadata } from './biMetadata';

export type SqlTabActor = ActorRefFrom<typeof sqlTabMachine>;

export interface SqlLabDeps {
  db: ConsoleDb;
  identity: Identity;
  username: string;
  api: BiApi;
  /** How the user hears of outcomes (toasts in the app). */
  notify: (notice: Notice) => void;
}

export interface SqlLab {
  tabs: SqlTabCommands;
  metadata: BiMetadata;
  api: BiApi;
  /** The tab's statechart, started on first use and kept while the session lasts (a run goes on across tab switches). */
  actorFor(tabId: string): SqlTabActor;
  stop(): void;
}

export const OFFLINE_RUN_MESSAGE = 'The server cannot be reached. The query is kept in the history and can be run again when it is back.';
export const RESULTS_NOT_KEPT_MESSAGE = 'These results are too large to keep offline; they stay until you leave the page.';

/** The SQL workbench's services for one signed-in session: tab commands, metadata cache, and one actor per tab. */
export function createSqlLab({ db, identity, username, api, notify }: SqlLabDeps): SqlLab {
  const tabs = createSqlTabCommands({ db, identity, username });
  const actors = new Map<string, SqlTabActor>();
  const machine = sqlTabMachine.provide({
    actors: {
      executeQuery: fromPromise<ExecuteResponse, Parameters<typeof executeBody>[0]>(async ({ input, signal }) => {
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
        return { startDttm, endDttm: Date.now(), totalRows: estimate['Output count'], cpuCost: estimate['CPU cost'], outputSize: estimate['Output size'] };
      }),
      stopQuery: fromPromise(async ({ input }) => api.stop(input.clientId)),
      formatSql: fromPromise(async ({ input }) => api.format(input.sql)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      storeResults: (_, { tabId, response }) =>
        background(
          'Keeping the results failed.',
          putResults(db, tabId, response).then((outcome) => {
            if (!outcome.stored) notify({ kind: 'warning', message: RESULTS_NOT_KEPT_MESSAGE });
          }),
        ),
      clearResults: (_, { tabId }) => background('Clearing the results failed.', deleteResults(db, tabId)),
      storeEstimate: (_, { tabId, estimate }) => background('Keeping the estimate failed.', tabs.recordEstimate(tabId, estimate)),
      clearEstimate: (_, { tabId }) => background('Clearing the estimate failed.', tabs.recordEstimate(tabId, null)),
      replaceSql: (_, { tabId, sql }) => background('Replacing the SQL failed.', tabs.changeSql(tabId, sql)),
      logOnly: (_, { message, detail }) => console.warn(message, detail),
    },
  });
  return {
    tabs,
    metadata: createBiMetadata(db, api),
    api,
    actorFor(tabId) {
      let actor = actors.get(tabId);
      if (!actor) {
        actor = createActor(machine, { input: { tabId } });
        actor.start();
        actors.set(tabId, actor);
      }
      return actor;
    },
    stop() {
      for (const actor of actors.values()) actor.stop();
      actors.clear();
    },
  };
}

/** Actions cannot wait: a write they start is logged when it fails, never left as an unhandled rejection. */
function background(message: string, work: Promise<unknown>): void {
  work.catch((error: unknown) => console.warn(message, error));
}

function requireDatabase(databaseId: number | null): number {
  if (databaseId === null) throw new Error('Choose a database first.');
  return databaseId;
}

/** Superset SQL Lab's execute body for a tab's run. */
function executeBody(input: { tabId: string; clientId: string; sql: string; databaseId: number | null; catalog: string | null; schema: string | null; tabName: string; queryLimit: number }) {
  return {
    database_id: requireDatabase(input.databaseId),
    json: true,
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
