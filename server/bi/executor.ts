import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_QUERY_LIMIT, MAX_QUERY_LIMIT, type ExecuteBody, type ExecuteResponse } from '../../contracts/bi';
import { type ExecuteErrorResponse } from '../../contracts/biSqlLab';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../util/clock';
import {
  QueryCancelledError,
  WarehouseSqlError,
  type ExecuteRequest,
  type QueryResult,
  type Warehouse,
  type WarehouseDatabase,
} from '../warehouse/types';
import { BiHttpError, badRequest, databaseNotFound, errorEntry, notFound, sqlErrorBody } from './errors';
import { finishedEntry, STOPPED_MESSAGE, type HistoryEntry, type NewQuery, type Outcome, type QueryHistoryStore, type Viewer } from './history.store';
import { executedQuery, resultColumn } from './present';
import type { SqlTableParser } from './sqlTables';
import { checkStatements } from '../warehouse/statementPolicy';
import type { WithRows } from '../warehouse/jsonRows';

/** Like Superset's SQLLAB_TIMEOUT (30 s): under the client's 50 s request timeout, so users get an answer. */
export const SQLLAB_TIMEOUT_MS = 30_000;
/** How long after its timeout's interrupt a query that has not stopped is answered timed_out anyway. */
const TIMEOUT_GRACE_MS = 500;
/** How often, and how long, stop() tries to interrupt a query the warehouse has not started yet. */
const CANCEL_RETRY_MS = 20;
const CANCEL_ATTEMPTS = 250;

export interface ExecutorDeps {
  warehouse: Warehouse;
  history: QueryHistoryStore;
  parser: SqlTableParser;
  clock: Clock;
  timeoutMs: number;
  /** Where a history write that no answer waits for reports its failure. */
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Who runs a query: the viewer and the names the history shows. */
export interface Runner extends Viewer {
  user: HistoryEntry['user'];
}

export type ExecuteOutcome = { status: 200; body: WithRows<ExecuteResponse> } | { status: 400 | 408; body: ExecuteErrorResponse };

type Run = { kind: 'success'; result: QueryResult } | { kind: 'failed'; message: string } | { kind: 'stopped' | 'timed_out' } | { kind: 'crashed'; error: unknown };

/** A run of this app, from its claim to its end. */
interface Flight {
  username: string;
  /** The history id, once its insert is under way. */
  started: Promise<number> | null;
  /** Set by stop() before anything else: from then on the answer waits for the history. */
  stopping: boolean;
}

const clientIdUsed = (clientId: string) => badRequest(`client_id ${clientId} was already used; send a new one for each run`);

/**
 * Runs SQL Lab queries on the warehouse and keeps the history in step: every run is recorded
 * as running, then success, failed, stopped or timed_out, and the answer always says what
 * the history says.
 */
export class SqlLabExecutor {
  /** This app's runs by client_id, from their claim until their history entry is final. */
  private readonly inFlight = new Map<string, Flight>();

  constructor(private readonly deps: ExecutorDeps) {}

  /**
   * Every query a user runs takes this path, so the history's insert (a commit) runs while the
   * warehouse works, after a cheap check that the client_id is new; the warehouse opens its
   * connection during that check and runs the SQL only once it passed, so a reused id never runs
   * its SQL again. A success is answered while its history update commits (finishLater); any
   * other end waits for it.
   */
  async execute(runner: Runner, body: ExecuteBody): Promise<ExecuteOutcome> {
    const { database, limit } = this.check(body);
    const query = newQueryOf(runner, body, database, limit, this.deps.clock());
    const flight = this.claim(query.clientId, runner.username);
    try {
      // The warehouse gets its connection ready meanwhile, and runs nothing unless the id is new
      // and every statement may run on this database (checked on DuckDB's parse of the text).
      const fresh = this.deps.history.used(query.clientId).then((used) => {
        if (used) throw clientIdUsed(query.clientId);
      });
      const analysis = this.deps.parser.analyze(body.sql);
      const allowed = analysis.then(({ shape }) => checkStatements(database, body.sql, shape));
      const gate = Promise.all([fresh, allowed]).then(() => undefined);
      const running = this.run({ databaseId: database.id, schema: query.schema, sql: body.sql, limit, queryId: query.clientId, gate });
      await fresh;
      const tables = analysis.then((parsed) => parsed.tables);
      const started = (flight.started = this.deps.history.start(query));
      // A failed insert must not leave the query running unrecorded (interrupt() never rejects).
      void started.catch(() => this.interrupt(query.clientId));
      const run = await running;
      const id = await started;
      const outcome: Outcome = { ...outcomeOf(run, body.sql, this.deps.timeoutMs), endTime: this.deps.clock(), sqlTables: await tables };
      if (run.kind === 'success' && !flight.stopping) return { status: 200, body: successBody(this.finishLater(id, query, outcome, runner), run.result) };
      const applied = await this.deps.history.finish(id, outcome);
      if (run.kind === 'crashed') throw run.error;
      const entry = applied ? finishedEntry(id, query, outcome, runner.user) : await this.deps.history.byId(id, runner);
      if (!entry) throw new Error(`History entry ${id} vanished`);
      if (entry.status === 'success' && run.kind === 'success') return { status: 200, body: successBody(entry, run.result) };
      return this.failure(entry);
    } finally {
      this.inFlight.delete(query.clientId);
    }
  }

  /**
   * A success no stop asked about is answered without waiting for its history update to commit
   * (a few ms of a small query's time). The store runs statements in order, so every later read
   * (history list, stop) sees it; and a stop() from now on finds the entry final and leaves it.
   */
  private finishLater(id: number, query: NewQuery, outcome: Outcome, runner: Runner): HistoryEntry {
    this.deps.history.finish(id, outcome).catch((error: unknown) => {
      // The entry stays "running" until the next start marks it failed.
      this.deps.log.error({ err: error, clientId: query.clientId }, 'could not record the end of a SQL Lab query in the history');
    });
    return finishedEntry(id, query, outcome, runner.user);
  }

  /**
   * Superset's stop: 404 for a client_id the viewer has no query of; a finished query is left
   * as it is (200). A running one is interrupted and marked stopped at once.
   */
  async stop(viewer: Viewer, clientId: string): Promise<void> {
    const flight = this.inFlight.get(clientId);
    if (flight && (viewer.admin || flight.username === viewer.username)) {
      flight.stopping = true;
      await this.interrupt(clientId);
      const id = await flight.started?.catch(() => null);
      if (typeof id === 'number') await this.deps.history.markStopped(id, this.deps.clock());
      return;
    }
    const entry = await this.deps.history.byClientId(clientId, viewer);
    if (!entry) throw notFound(`Query with client_id ${clientId} not found`);
    // Running but not in flight here: an entry no run will finish any more.
    if (entry.status === 'running') await this.deps.history.markStopped(entry.id, this.deps.clock());
  }

  /** Reserves a client_id for one run: 400 when it runs now (whether it ran before, the history tells). */
  private claim(clientId: string, username: string): Flight {
    if (this.inFlight.has(clientId)) throw clientIdUsed(clientId);
    const flight: Flight = { username, started: null, stopping: false };
    this.inFlight.set(clientId, flight);
    return flight;
  }

  /**
   * cancel() finds a query only once the warehouse has started it, so a stop that comes that
   * early tries again until it can, or the run has ended.
   */
  private async interrupt(clientId: string): Promise<void> {
    for (let attempt = 0; attempt < CANCEL_ATTEMPTS && this.inFlight.has(clientId); attempt++) {
      if (this.deps.warehouse.cancel(clientId)) return;
      await delay(CANCEL_RETRY_MS);
    }
  }

  /** The database and row limit of a valid request; 4xx for what cannot run. */
  private check(body: ExecuteBody): { database: WarehouseDatabase; limit: number } {
    const database = this.deps.warehouse.database(body.database_id);
    if (!database) throw databaseNotFound(body.database_id);
    checkCatalog(database, body.catalog);
    checkSql(body.sql);
    if (body.select_as_cta === true) {
      const message = 'CREATE TABLE AS (select_as_cta) is not enabled on this database';
      throw new BiHttpError(400, { message, errors: [errorEntry(message, 'INVALID_CTAS_QUERY_ERROR')] });
    }
    return { database, limit: queryLimitOf(body.queryLimit) };
  }

  /**
   * The warehouse's answer, or timed_out at the deadline: the query is interrupted then, and if
   * DuckDB has not stopped TIMEOUT_GRACE_MS later (it checks between chunks of work, and one chunk
   * can run for many seconds) the answer goes without it; the query ends on its own in the background.
   */
  private async run(request: ExecuteRequest): Promise<Run> {
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    let grace: NodeJS.Timeout | undefined;
    const deadline = new Promise<Run>((resolve) => {
      timer = setTimeout(() => {
        timedOut = this.deps.warehouse.cancel(request.queryId);
        grace = setTimeout(() => resolve({ kind: 'timed_out' }), TIMEOUT_GRACE_MS);
      }, this.deps.timeoutMs);
    });
    const answer = this.deps.warehouse.execute(request).then(
      (result): Run => ({ kind: 'success', result }),
      (error: unknown): Run => {
        if (error instanceof QueryCancelledError) return { kind: timedOut ? 'timed_out' : 'stopped' };
        if (error instanceof WarehouseSqlError) return { kind: 'failed', message: error.message };
        return { kind: 'crashed', error };
      },
    );
    try {
      return await Promise.race([answer, deadline]);
    } finally {
      clearTimeout(timer);
      clearTimeout(grace);
    }
  }

  private failure(entry: HistoryEntry): ExecuteOutcome {
    const query = executedQuery(entry);
    if (entry.status === 'timed_out') {
      const message = entry.errorMessage ?? timeoutMessage(this.deps.timeoutMs);
      return { status: 408, body: { message, error: message, errors: [errorEntry(message, 'SQLLAB_TIMEOUT_ERROR')], status: 'timed_out', query } };
    }
    if (entry.status === 'stopped') return { status: 400, body: { message: STOPPED_MESSAGE, error: STOPPED_MESSAGE, status: 'stopped', query } };
    return { status: 400, body: { ...sqlErrorBody(entry.errorMessage ?? 'The query failed'), status: 'failed', query } };
  }
}

/** queryLimit: a positive integer, default 1000, lowered to 100,000 like Superset's SQL_MAX_ROW. */
export function queryLimitOf(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_QUERY_LIMIT;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw badRequest('queryLimit must be a positive integer');
  return Math.min(value, MAX_QUERY_LIMIT);
}

export function checkSql(sql: string): void {
  if (sql.trim() === '') throw badRequest('sql must not be empty');
}

/** A Superset database here is one DuckDB catalog: the only catalog it takes is its own. */
export function checkCatalog(database: WarehouseDatabase, catalog: string | null | undefined): void {
  if (catalog !== undefined && catalog !== null && catalog !== database.catalog) {
    throw notFound(`Catalog ${catalog} not found in database ${database.name} (its catalog is ${database.catalog})`);
  }
}

function newQueryOf(runner: Runner, body: ExecuteBody, database: WarehouseDatabase, limit: number, now: number): NewQuery {
  return {
    clientId: body.client_id ?? newClientId(),
    username: runner.username,
    databaseId: database.id,
    databaseName: database.name,
    schema: body.schema ?? null,
    catalog: body.catalog ?? null,
    sql: body.sql,
    sqlEditorId: body.sql_editor_id ?? null,
    tabName: body.tab ?? null,
    limit,
    startTime: now,
  };
}

function outcomeOf(run: Run, sql: string, timeoutMs: number): Omit<Outcome, 'endTime' | 'sqlTables'> {
  const none = { rows: null, limitingFactor: 'NOT_LIMITED' as const, executedSql: sql };
  switch (run.kind) {
    case 'success':
      return { status: 'success', rows: run.result.rows.count, limitingFactor: run.result.limited ? 'DROPDOWN' : 'NOT_LIMITED', errorMessage: null, executedSql: sql };
    case 'failed':
      return { ...none, status: 'failed', errorMessage: run.message };
    case 'crashed':
      return { ...none, status: 'failed', errorMessage: 'The warehouse could not run the query' };
    case 'timed_out':
      return { ...none, status: 'timed_out', errorMessage: timeoutMessage(timeoutMs) };
    case 'stopped':
      return { ...none, status: 'stopped', errorMessage: STOPPED_MESSAGE };
  }
}

function successBody(entry: HistoryEntry, result: QueryResult): WithRows<ExecuteResponse> {
  const columns = result.columns.map(resultColumn);
  const body = { status: 'success' as const, query_id: entry.id, columns, selected_columns: columns, expanded_columns: [], data: result.rows, query: executedQuery(entry) };
  if (result.truncatedAtBytes === null) return { ...body, truncated: false };
  return { ...body, truncated: true, truncated_reason: truncatedReason(result.truncatedAtBytes) };
}

/** "Result truncated at 64 MB" (whole megabytes as configured; a byte count below one). */
export function truncatedReason(bytes: number): string {
  const mb = bytes / 2 ** 20;
  return `Result truncated at ${Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`}`;
}

export function timeoutMessage(timeoutMs: number): string {
  return `The query exceeded the ${timeoutMs / 1000} seconds timeout.`;
}

/** 11 characters, like the ids Superset's client makes (its column holds 11). */
export function newClientId(): string {
  return randomBytes(9).toString('base64url').slice(0, 11);
}
