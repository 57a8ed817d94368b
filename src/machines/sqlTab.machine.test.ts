import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExecuteResponse } from '../../contracts/bi';
import type { SqlTabEstimate } from '../model/events';
import {
  CANCELLED_MESSAGE,
  ESTIMATE_FAILED_MESSAGE,
  EXECUTE_FAILED_MESSAGE,
  EXECUTE_SUCCESS_MESSAGE,
  FORMAT_FAILED_MESSAGE,
  NO_SELECTION_MESSAGE,
  SELECTION_FAILED_MESSAGE,
  SELECTION_SUCCESS_MESSAGE,
  failureText,
  newQueryClientId,
  sqlTabMachine,
  type EstimateQueryInput,
  type ExecuteQueryInput,
  type FormatSqlInput,
  type SqlTabMachineEvent,
  type SqlTabQuery,
  type StopQueryInput,
} from './sqlTab.machine';

const query: SqlTabQuery = { sql: 'select 1', databaseId: 1, catalog: null, schema: 'main', tabName: 'Untitled 1', queryLimit: 1000 };
const response = { status: 'success', query_id: 7, data: [{ a: 1 }] } as unknown as ExecuteResponse;
const estimate: SqlTabEstimate = { startDttm: 1, endDttm: 2, totalRows: 3, cpuCost: 4, outputSize: 5 };

// The actor is tab T1's own (its input): no event names a tab.
const EXECUTE = { type: 'EXECUTE', query } as const;
const selection = (sql: string) => ({ type: 'EXECUTE_SELECTION', query: { ...query, sql } }) as const;
const CANCEL = { type: 'CANCEL' } as const;
const ESTIMATE = { type: 'ESTIMATE', query } as const;
const FORMAT = { type: 'FORMAT', sql: 'select  1', databaseId: 1 } as const;
const AT_REST = { query: 'idle', estimate: 'idle', format: 'idle' } as const;

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  execute?: (input: ExecuteQueryInput) => Promise<ExecuteResponse>;
  estimate?: (input: EstimateQueryInput) => Promise<SqlTabEstimate>;
  stop?: (input: StopQueryInput) => Promise<void>;
  format?: (input: FormatSqlInput) => Promise<string>;
}

/** The machine for tab T1 with fake actors; `log` records every call and action in order. */
function start(fakes: Fakes = {}) {
  const log: [string, unknown][] = [];
  const record =
    <I, O>(name: string, fake: (input: I) => Promise<O>) =>
    ({ input }: { input: I }) => {
      log.push([name, input]);
      return fake(input);
    };
  const action = (name: string) => (_: unknown, params: unknown) => void log.push([name, params]);
  let n = 0;
  const machine = sqlTabMachine.provide({
    actors: {
      executeQuery: fromPromise(record('executeQuery', fakes.execute ?? (async () => response))),
      estimateQuery: fromPromise(record('estimateQuery', fakes.estimate ?? (async () => estimate))),
      stopQuery: fromPromise(record('stopQuery', fakes.stop ?? (async () => {}))),
      formatSql: fromPromise(record('formatSql', fakes.format ?? (async ({ sql }: FormatSqlInput) => sql.replace(/\s+/g, ' ')))),
    },
    actions: {
      notify: action('notify'),
      storeResults: action('storeResults'),
      clearResults: action('clearResults'),
      storeEstimate: action('storeEstimate'),
      clearEstimate: action('clearEstimate'),
      replaceSql: action('replaceSql'),
      logOnly: action('logOnly'),
    },
  });
  const actor = createActor(machine, { input: { tabId: 'T1', newClientId: () => `C${++n}` } }).start();
  const names = () => log.map(([name]) => name);
  const of = (name: string) => log.filter(([n]) => n === name).map(([, value]) => value);
  return { actor, log, names, of, snapshot: () => actor.getSnapshot() };
}

/** Lets settled promises reach the machine. */
const flush = () => vi.advanceTimersByTimeAsync(0);

const can = (s: ReturnType<typeof start>, event: SqlTabMachineEvent) => s.snapshot().can(event);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sqlTabMachine: at rest', () => {
  it('starts ready; buttons follow can()', () => {
    const s = start();
    expect(s.snapshot().matches(AT_REST)).toBe(true);
    expect(s.snapshot().context).toMatchObject({ tabId: 'T1', loading: false, elapsedMs: 0, error: null, cancelled: false, run: null });
    expect([EXECUTE, selection('select 1'), ESTIMATE, FORMAT].map((e) => can(s, e))).toEqual([true, true, true, true]);
    expect(can(s, CANCEL)).toBe(false);
  });
});

describe('sqlTabMachine: execute', () => {
  it('runs with loading on, a fresh client id and the tab as label; can() follows', () => {
    const s = start({ execute: () => new Promise(() => {}) });
    s.actor.send(EXECUTE);
    expect(s.snapshot().matches({ query: 'running' })).toBe(true);
    expect(s.snapshot().context).toMatchObject({ loading: true, elapsedMs: 0, error: null });
    expect(s.of('executeQuery')).toEqual([{ ...query, tabId: 'T1', clientId: 'C1' }]);
    expect([EXECUTE, selection('x'), ESTIMATE, FORMAT].map((e) => can(s, e))).toEqual([false, false, false, false]);
    expect(can(s, CANCEL)).toBe(true);
  });

  it('ticks the elapsed time every 50 ms while running', async () => {
    const s = start({ execute: () => new Promise(() => {}) });
    s.actor.send(EXECUTE);
    await vi.advanceTimersByTimeAsync(49);
    expect(s.snapshot().context.elapsedMs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.snapshot().context.elapsedMs).toBe(50);
    await vi.advanceTimersByTimeAsync(125);
    expect(s.snapshot().context.elapsedMs).toBe(150);
  });

  it('stores the results and says so at once; the timer stops; the estimate runs beside', async () => {
    const run = deferred<ExecuteResponse>();
    const estimated = deferred<SqlTabEstimate>();
    const s = start({ execute: () => run.promise, estimate: () => estimated.promise });
    s.actor.send(EXECUTE);
    await vi.advanceTimersByTimeAsync(120);
    run.resolve(response);
    await flush();
    // The success toast does not wait for the estimate, which is still out.
    expect(s.names()).toEqual(['executeQuery', 'storeResults', 'notify', 'estimateQuery']);
    expect(s.of('storeResults')).toEqual([{ tabId: 'T1', clientId: 'C1', query, response }]);
    expect(s.of('notify')).toEqual([{ kind: 'success', message: EXECUTE_SUCCESS_MESSAGE }]);
    expect(s.of('estimateQuery')).toEqual([{ tabId: 'T1', sql: 'select 1', databaseId: 1, catalog: null, schema: 'main' }]);
    expect(s.snapshot().matches({ query: 'idle', estimate: 'estimating' })).toBe(true);
    expect(s.snapshot().context).toMatchObject({ loading: false, elapsedMs: 100 });
    await vi.advanceTimersByTimeAsync(500);
    expect(s.snapshot().context.elapsedMs).toBe(100);
    estimated.resolve(estimate);
    await flush();
    expect(s.of('storeEstimate')).toEqual([{ tabId: 'T1', estimate }]);
    expect(s.snapshot().matches(AT_REST)).toBe(true);
  });

  it('a new run can start while the last run’s estimate is still out', async () => {
    const estimated = deferred<SqlTabEstimate>();
    const s = start({ estimate: () => estimated.promise });
    s.actor.send(EXECUTE);
    await flush();
    expect(s.snapshot().matches({ estimate: 'estimating' })).toBe(true);
    expect(s.snapshot().context.loading).toBe(false);
    expect(can(s, EXECUTE)).toBe(true);
    expect(can(s, CANCEL)).toBe(false); // the query is done: nothing to cancel
    s.actor.send(EXECUTE);
    expect(s.snapshot().matches({ query: 'running', estimate: 'estimating' })).toBe(true);
  });

  it('an estimate failing after the run says so; the run had already succeeded', async () => {
    const s = start({ estimate: async () => Promise.reject(new Error('no')) });
    s.actor.send(EXECUTE);
    await flush();
    expect(s.of('notify')).toEqual([
      { kind: 'success', message: EXECUTE_SUCCESS_MESSAGE },
      { kind: 'error', message: ESTIMATE_FAILED_MESSAGE },
    ]);
    expect(s.of('storeEstimate')).toEqual([]);
    expect(s.snapshot().context.error).toBeNull();
  });

  it.each([
    ['the server’s error', { message: 'Query failed', error: 'Catalog Error: Table x does not exist' }, 'Catalog Error: Table x does not exist'],
    ['the server’s message', { message: 'Database not found' }, 'Database not found'],
    ['inside an HTTP error', { message: 'Request failed with status code 400', response: { data: { error: 'Parser Error' } } }, 'Parser Error'],
    ['nothing usable → the fallback', { error: '', message: '  ' }, EXECUTE_FAILED_MESSAGE],
    ['not an object → the fallback', 'boom', EXECUTE_FAILED_MESSAGE],
  ])('failure shows %s and keeps it on the tab', async (_name, error, message) => {
    const s = start({ execute: async () => Promise.reject(error) });
    s.actor.send(EXECUTE);
    await flush();
    expect(s.of('notify')).toEqual([{ kind: 'error', message }]);
    expect(s.snapshot().context).toMatchObject({ error: message, loading: false });
    expect(s.of('storeResults')).toEqual([]);
    expect(s.of('estimateQuery')).toEqual([]);
    expect(s.snapshot().matches(AT_REST)).toBe(true);
  });

  it('a new run clears the last error; every run has a new client id', async () => {
    let fail = true;
    const s = start({ execute: async () => (fail ? Promise.reject({ message: 'bad' }) : response) });
    s.actor.send(EXECUTE);
    await flush();
    fail = false;
    s.actor.send(EXECUTE);
    expect(s.snapshot().context.error).toBeNull();
    await flush();
    expect(s.of('executeQuery').map((i) => (i as ExecuteQueryInput).clientId)).toEqual(['C1', 'C2']);
  });

  it('ignores EXECUTE while running', () => {
    const s = start({ execute: () => new Promise(() => {}) });
    s.actor.send(EXECUTE);
    s.actor.send(EXECUTE);
    expect(s.of('executeQuery')).toHaveLength(1);
  });
});

describe('sqlTabMachine: execute the selection', () => {
  it('sends the selection under the tab name + " (Selection)" and says so', async () => {
    const s = start();
    s.actor.send(selection('select 2'));
    await flush();
    expect(s.of('executeQuery')).toEqual([{ ...query, sql: 'select 2', tabName: 'Untitled 1 (Selection)', tabId: 'T1', clientId: 'C1' }]);
    // The estimate beside it is of what ran: the selection.
    expect((s.of('estimateQuery')[0] as EstimateQueryInput).sql).toBe('select 2');
    expect(s.of('notify')).toEqual([{ kind: 'success', message: SELECTION_SUCCESS_MESSAGE }]);
  });

  it('falls back to its own failure text', async () => {
    const s = start({ execute: async () => Promise.reject({}) });
    s.actor.send(selection('select 2'));
    await flush();
    expect(s.of('notify')).toEqual([{ kind: 'error', message: SELECTION_FAILED_MESSAGE }]);
  });

  it.each(['', '   ', '\n\t'])('a blank selection (%j) calls nothing and says so', (sql) => {
    const s = start();
    s.actor.send(selection(sql));
    expect(s.names()).toEqual(['notify']);
    expect(s.of('notify')).toEqual([{ kind: 'error', message: NO_SELECTION_MESSAGE }]);
    expect(s.snapshot().matches(AT_REST)).toBe(true);
  });
});

describe('sqlTabMachine: cancel', () => {
  function running() {
    const run = deferred<ExecuteResponse>();
    const s = start({ execute: () => run.promise });
    s.actor.send(EXECUTE);
    return { s, run };
  }

  it('clears the tab, warns, asks the server to stop the run and lets EXECUTE in again', async () => {
    const { s } = running();
    await vi.advanceTimersByTimeAsync(100);
    s.actor.send(CANCEL);
    expect(s.snapshot().context).toMatchObject({ cancelled: true, loading: false });
    expect(s.names()).toEqual(['executeQuery', 'clearResults', 'clearEstimate', 'notify', 'stopQuery']);
    expect(s.of('clearResults')).toEqual([{ tabId: 'T1' }]);
    expect(s.of('clearEstimate')).toEqual([{ tabId: 'T1' }]);
    expect(s.of('notify')).toEqual([{ kind: 'warning', message: CANCELLED_MESSAGE }]);
    expect(s.of('stopQuery')).toEqual([{ clientId: 'C1' }]);
    expect(can(s, CANCEL)).toBe(false);
    expect(can(s, EXECUTE)).toBe(true);
    expect(s.snapshot().matches({ query: 'stopping' })).toBe(true);
    await flush();
    expect(s.snapshot().matches(AT_REST)).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(s.snapshot().context.elapsedMs).toBe(100); // the timer stopped
  });

  it.each([
    ['a late result', (run: ReturnType<typeof deferred<ExecuteResponse>>) => run.resolve(response)],
    ['a late error', (run: ReturnType<typeof deferred<ExecuteResponse>>) => run.reject({ error: 'interrupted' })],
  ])('%s is suppressed: no toast, nothing stored', async (_name, settle) => {
    const { s, run } = running();
    s.actor.send(CANCEL);
    await flush();
    const before = s.log.length;
    settle(run);
    await flush();
    expect(s.log.slice(before)).toEqual([]);
    expect(s.snapshot().context).toMatchObject({ error: null, cancelled: true });
  });

  it('a failing stop is only logged', async () => {
    const run = deferred<ExecuteResponse>();
    const s = start({ execute: () => run.promise, stop: async () => Promise.reject(new Error('offline')) });
    s.actor.send(EXECUTE);
    s.actor.send(CANCEL);
    await flush();
    expect(s.of('notify')).toEqual([{ kind: 'warning', message: CANCELLED_MESSAGE }]);
    expect(s.of('logOnly')).toEqual([{ message: 'Stopping the query failed.', detail: new Error('offline') }]);
    expect(s.snapshot().matches(AT_REST)).toBe(true);
  });

  it('a run started right after a cancel keeps its own results, not the cancelled one’s', async () => {
    const runs = [deferred<ExecuteResponse>(), deferred<ExecuteResponse>()];
    let n = 0;
    const s = start({ execute: () => runs[n++].promise, stop: () => new Promise(() => {}) });
    s.actor.send(EXECUTE);
    s.actor.send(CANCEL);
    s.actor.send(EXECUTE); // while the stop request is still out
    expect(s.snapshot().context).toMatchObject({ cancelled: false, loading: true });
    const second = { ...response, query_id: 8 };
    runs[0].resolve(response);
    runs[1].resolve(second);
    await flush();
    expect(s.of('storeResults')).toEqual([{ tabId: 'T1', clientId: 'C2', query, response: second }]);
  });
});

describe('sqlTabMachine: estimate', () => {
  it('stores the estimate on the tab, without a toast', async () => {
    const s = start();
    s.actor.send(ESTIMATE);
    expect(s.snapshot().matches({ query: 'idle', estimate: 'estimating' })).toBe(true);
    expect(can(s, ESTIMATE)).toBe(false);
    expect(can(s, EXECUTE)).toBe(true);
    await flush();
    expect(s.of('estimateQuery')).toEqual([{ tabId: 'T1', sql: 'select 1', databaseId: 1, catalog: null, schema: 'main' }]);
    expect(s.of('storeEstimate')).toEqual([{ tabId: 'T1', estimate }]);
    expect(s.of('notify')).toEqual([]);
    expect(s.snapshot().matches(AT_REST)).toBe(true);
  });

  it('failure says so', async () => {
    const s = start({ estimate: async () => Promise.reject(new Error('x')) });
    s.actor.send(ESTIMATE);
    await flush();
    expect(s.of('notify')).toEqual([{ kind: 'error', message: ESTIMATE_FAILED_MESSAGE }]);
    expect(s.of('storeEstimate')).toEqual([]);
  });
});

describe('sqlTabMachine: format', () => {
  it('replaces the tab’s text with the formatted one', async () => {
    const s = start();
    s.actor.send(FORMAT);
    expect(s.snapshot().matches({ format: 'formatting' })).toBe(true);
    expect(can(s, FORMAT)).toBe(false);
    await flush();
    expect(s.of('formatSql')).toEqual([{ tabId: 'T1', sql: 'select  1', databaseId: 1 }]);
    expect(s.of('replaceSql')).toEqual([{ tabId: 'T1', sql: 'select 1' }]);
    expect(s.of('notify')).toEqual([]);
  });

  it('failure says so and leaves the text', async () => {
    const s = start({ format: async () => Promise.reject(new Error('x')) });
    s.actor.send(FORMAT);
    await flush();
    expect(s.of('notify')).toEqual([{ kind: 'error', message: FORMAT_FAILED_MESSAGE }]);
    expect(s.of('replaceSql')).toEqual([]);
  });
});

describe('sqlTabMachine: while a query runs', () => {
  it('estimate and format wait; a second EXECUTE is not taken', () => {
    const s = start({ execute: () => new Promise(() => {}) });
    s.actor.send(EXECUTE);
    s.actor.send(ESTIMATE);
    s.actor.send(FORMAT);
    s.actor.send(EXECUTE);
    expect(s.names()).toEqual(['executeQuery']);
    expect(s.snapshot().matches({ query: 'running', estimate: 'idle', format: 'idle' })).toBe(true);
  });

  it('a run may start while formatting; its results and the formatted text both land', async () => {
    const formatted = deferred<string>();
    const s = start({ format: () => formatted.promise });
    s.actor.send(FORMAT);
    s.actor.send(EXECUTE);
    expect(s.snapshot().matches({ query: 'running', format: 'formatting' })).toBe(true);
    formatted.resolve('select 1');
    await flush();
    expect(s.of('replaceSql')).toEqual([{ tabId: 'T1', sql: 'select 1' }]);
    expect(s.of('storeResults')).toHaveLength(1);
  });
});

describe('messages and helpers', () => {
  it('uses the exact texts', () => {
    expect([
      EXECUTE_SUCCESS_MESSAGE,
      EXECUTE_FAILED_MESSAGE,
      SELECTION_SUCCESS_MESSAGE,
      SELECTION_FAILED_MESSAGE,
      NO_SELECTION_MESSAGE,
      CANCELLED_MESSAGE,
      ESTIMATE_FAILED_MESSAGE,
      FORMAT_FAILED_MESSAGE,
    ]).toEqual([
      'Query executed successfully!',
      'Failed to execute query.',
      'Selected query executed successfully!',
      'Failed to execute selected query.',
      'No SQL selected to execute.',
      'Query execution cancelled by user.',
      'Failed to estimate query.',
      'Error: Could not format the SQL query.',
    ]);
  });

  it('failureText prefers error over message, then falls back', () => {
    expect(failureText({ error: 'e', message: 'm' }, 'f')).toBe('e');
    expect(failureText(new Error('plain'), 'f')).toBe('plain');
    expect(failureText(null, 'f')).toBe('f');
    // An HTTP failure: the server's words, else the fallback (never the client library's message).
    expect(failureText({ message: 'Request failed with status code 500', response: { data: { message: 'DuckDB said no' } } }, 'f')).toBe('DuckDB said no');
    expect(failureText({ message: 'Request failed with status code 500', response: { data: {} } }, 'f')).toBe('f');
    expect(failureText({ message: 'Request failed with status code 502', response: { data: '<html>' } }, 'f')).toBe('f');
    // Superset's answer: errors[] with {message, error_type, extra}.
    const superset = { errors: [{ message: 'DML is not allowed here', error_type: 'DML_NOT_ALLOWED_ERROR', extra: {} }] };
    expect(failureText({ message: 'Request failed with status code 400', response: { data: superset } }, 'f')).toBe('DML is not allowed here');
    expect(failureText({ message: 'Request failed with status code 400', response: { data: { errors: [{}] } } }, 'f')).toBe('f');
  });

  it('client ids fit Superset’s 11 characters and differ', () => {
    const ids = new Set(Array.from({ length: 100 }, newQueryClientId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toHaveLength(11);
  });
});
