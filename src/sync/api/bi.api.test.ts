import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createBiApi, type ExecuteBody, type ListArgs } from './bi.api';
import { savedQuerySaves } from './biSaves';
import { createHttp } from './http';

interface Answer {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

const TOKEN_URL = '/v1/security/csrf_token/';

/**
 * A BI API whose server answers every call with `answer` (the CSRF token endpoint answers
 * `csrf-1`), and the requests it saw: `seen` without the token fetches, `tokenFetches` those.
 */
function apiAnswering(answer: Answer) {
  const seen: InternalAxiosRequestConfig[] = [];
  const tokenFetches: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const reply = (a: Answer) => {
      const response = { status: a.status, statusText: '', data: a.data ?? {}, headers: a.headers ?? {}, config };
      if (a.status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
      return response;
    };
    if (config.url === TOKEN_URL) {
      tokenFetches.push(config);
      return reply({ status: 200, data: { result: 'csrf-1' } });
    }
    seen.push(config);
    return reply(answer);
  };
  const http = createHttp({ baseURL: '/api/bi' });
  http.defaults.adapter = adapter;
  return { api: createBiApi(http), seen, tokenFetches };
}

const ok = (data: unknown) => apiAnswering({ status: 200, data });
const body = (config: InternalAxiosRequestConfig | undefined): unknown => (config?.data === undefined ? undefined : JSON.parse(String(config.data)));

describe('BI API reads', () => {
  it('lists databases (those exposed in SQL Lab) and schemas from their result fields', async () => {
    const items = [{ id: 1, database_name: 'examples' }];
    const { api, seen } = ok({ count: 1, ids: [1], result: items });
    expect(await api.databases()).toEqual(items);
    expect(await api.schemas(3)).toEqual(items);
    expect(seen.map((c) => [c.method, c.url, c.params])).toEqual([
      ['get', '/v1/database/', { q: '(filters:!((col:expose_in_sqllab,opr:eq,value:!t)),order_column:database_name,order_direction:asc,page:0,page_size:100)' }],
      ['get', '/v1/database/3/schemas/', undefined],
    ]);
  });

  it('reads Superset\'s `extra: null` (a table without a comment) as no extra', async () => {
    const { api } = ok({ count: 1, result: [{ value: 'bet_report', type: 'table', extra: null }] });
    expect(await api.tables(1, 'gaming')).toEqual([{ value: 'bet_report', type: 'table', extra: {} }]);
  });

  it('reads every page of databases, up to the count Superset gives', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, database_name: `db${from + i}` }));
    const answers = [page(0, 100), page(100, 100), page(200, 5)];
    const seen: unknown[] = [];
    const http = createHttp({ baseURL: '/api/bi' });
    http.defaults.adapter = async (config) => {
      seen.push(config.params);
      const index = seen.length - 1;
      return { status: 200, statusText: '', data: { count: 205, ids: [], result: answers[index] }, headers: {}, config };
    };
    const databases = await createBiApi(http).databases();
    expect(databases.map((d) => d.id)).toEqual(page(0, 205).map((d) => d.id));
    expect(seen).toHaveLength(3);
    expect(String((seen[2] as { q: string }).q)).toContain('page:2,page_size:100');
  });

  it('asks for the tables of a schema with a rison q', async () => {
    const tables = [{ value: 'bets', type: 'table', extra: {} }];
    const { api, seen } = ok({ count: 1, result: tables });
    expect(await api.tables(1, 'gaming')).toEqual(tables);
    expect(seen[0]).toMatchObject({ url: '/v1/database/1/tables/', params: { q: '(schema_name:gaming)' } });
  });

  it('reads table metadata by name and schema as plain params', async () => {
    const metadata = { name: 'bets', columns: [] };
    const { api, seen } = ok(metadata);
    expect(await api.tableMetadata(2, 'gaming', 'bets')).toEqual(metadata);
    expect(seen[0]).toMatchObject({ url: '/v1/database/2/table_metadata/', params: { name: 'bets', schema: 'gaming' } });
  });

  it('reads a table preview by name and schema', async () => {
    const preview = { columns: [], data: [{ n: 1 }], rowCount: 1 };
    const { api, seen } = ok(preview);
    expect(await api.tablePreview(2, 'gaming', 'bets')).toEqual(preview);
    expect(seen[0]).toMatchObject({ url: '/v1/database/2/table_preview/', params: { name: 'bets', schema: 'gaming' } });
  });

  it('searches tables with a default limit of 50', async () => {
    const { api, seen } = ok({ count: 0, result: [] });
    expect(await api.searchTables('bet')).toEqual([]);
    await api.searchTables('bet', 5);
    expect(seen.map((c) => (c.params as { q: string }).q)).toEqual(['(limit:50,text:bet)', '(limit:5,text:bet)']);
    expect(seen[0]?.url).toBe('/v1/database/search_tables/');
  });

  it('searches tables and columns at once, and says why the server’s search was partial, once per reason', async () => {
    const hit = { database_id: 1, database_name: 'w', catalog: '', schema: 's', value: 't', type: 'table', extra: {} };
    const whole = ok({ count: 1, result: [hit] });
    expect(await whole.api.searchAll('bet', 500)).toEqual({ tables: [hit], columns: [hit], partial: null });
    expect(whole.seen.map((c) => [c.url, (c.params as { q: string }).q])).toEqual([
      ['/v1/database/search_tables/', '(text:bet)'],
      ['/v1/database/search_columns/', '(limit:500,text:bet)'],
    ]);
    const partial = ok({ count: 0, result: [], partial: 'Superset did not list every table (w.s: 500)' });
    expect((await partial.api.searchAll('bet', 500)).partial).toBe('Superset did not list every table (w.s: 500)');
    await expect(ok({ count: 0 }).api.searchAll('bet', 500)).rejects.toThrow('The server answered without tables.');
    // No column search (/config.json's biColumnSearch false): tables only.
    const tablesOnly = ok({ count: 1, result: [hit] });
    expect(await tablesOnly.api.searchAll('bet', null)).toEqual({ tables: [hit], columns: [], partial: null });
    expect(tablesOnly.seen.map((c) => c.url)).toEqual(['/v1/database/search_tables/']);
  });

  it('pages the history and saved queries with the rison of the list args', async () => {
    const page = { count: 1, ids: [9], result: [{ id: 9 }] };
    const { api, seen } = ok(page);
    const args: ListArgs = { filters: [{ col: 'sql', opr: 'ct', value: 'select 1' }], order_column: 'start_time', order_direction: 'desc', page: 0, page_size: 25 };
    expect(await api.history(args)).toEqual(page);
    expect(await api.savedQueries({ page: 2 })).toEqual(page);
    expect(seen.map((c) => [c.url, c.params])).toEqual([
      ['/v1/query/', { q: "(filters:!((col:sql,opr:ct,value:'select 1')),order_column:start_time,order_direction:desc,page:0,page_size:25)" }],
      ['/v1/saved_query/', { q: '(page:2)' }],
    ]);
  });

  it('reads the related values of the history and one saved query from result', async () => {
    const { api, seen } = ok({ id: 4, count: 1, result: [{ value: 1, text: 'examples' }] });
    expect(await api.historyRelated('database')).toEqual([{ value: 1, text: 'examples' }]);
    expect(await api.savedQuery(4)).toEqual([{ value: 1, text: 'examples' }]);
    expect(seen.map((c) => c.url)).toEqual(['/v1/query/related/database', '/v1/saved_query/4']);
  });

  it('asks the favourite status of ids as a rison list and answers a map', async () => {
    const { api, seen } = ok({ result: [{ id: 1, value: true }, { id: 2, value: false }] });
    const status = await api.favoriteStatus([1, 2]);
    expect([...status]).toEqual([[1, true], [2, false]]);
    expect(seen[0]).toMatchObject({ url: '/v1/saved_query/favorite_status/', params: { q: '!(1,2)' } });
  });

  it('sends no request for the favourite status of no ids', async () => {
    const { api, seen } = ok({ result: [] });
    expect((await api.favoriteStatus([])).size).toBe(0);
    expect(seen).toHaveLength(0);
  });

  it('passes an abort signal on to reads', async () => {
    const { api, seen } = ok({ result: [] });
    const controller = new AbortController();
    await api.schemas(1, { signal: controller.signal });
    expect(seen[0]?.signal).toBe(controller.signal);
  });

  it.each([
    ['databases', (api: ReturnType<typeof createBiApi>) => api.databases(), 'databases'],
    ['schemas', (api: ReturnType<typeof createBiApi>) => api.schemas(1), 'schemas'],
    ['tables', (api: ReturnType<typeof createBiApi>) => api.tables(1, 'gaming'), 'tables'],
    ['searchTables', (api: ReturnType<typeof createBiApi>) => api.searchTables('x'), 'tables'],
    ['format', (api: ReturnType<typeof createBiApi>) => api.format('select 1', 1), 'formatted SQL'],
    ['historyRelated', (api: ReturnType<typeof createBiApi>) => api.historyRelated('database'), 'related values'],
    ['savedQuery', (api: ReturnType<typeof createBiApi>) => api.savedQuery(3), 'a saved query'],
    ['favoriteStatus', (api: ReturnType<typeof createBiApi>) => api.favoriteStatus([3]), 'favourite statuses'],
    ['tablePreview', (api: ReturnType<typeof createBiApi>) => api.tablePreview(1, 'gaming', 'bets'), 'preview rows'],
  ])('%s refuses an answer without its result', async (_, call, what) => {
    const { api } = ok({ message: 'nothing here' });
    await expect(call(api)).rejects.toThrow(`The server answered without ${what}.`);
  });

  it('estimate refuses an answer with an empty result', async () => {
    const { api } = ok({ result: [] });
    await expect(api.estimate({ database_id: 1, sql: 'select 1' })).rejects.toThrow('The server answered without an estimate.');
  });
});

describe('BI API SQL Lab calls', () => {
  it('execute posts the body as is, with the signal, and answers the response', async () => {
    const response = { status: 'success', query_id: 7, data: [{ a: 1 }] };
    const { api, seen } = ok(response);
    const controller = new AbortController();
    const execute: ExecuteBody = { database_id: 1, sql: 'select 1 as a', client_id: 'c1', schema: 'main', queryLimit: 100 };
    expect(await api.execute(execute, { signal: controller.signal })).toEqual(response);
    expect(seen[0]).toMatchObject({ method: 'post', url: '/v1/sqllab/execute/', signal: controller.signal });
    expect(body(seen[0])).toEqual(execute);
  });

  it('estimate answers the first entry of result', async () => {
    const first = { 'Output count': 10, 'CPU cost': 2, 'Output size': 80 };
    const { api, seen } = ok({ result: [first, { 'Output count': 99 }] });
    expect(await api.estimate({ database_id: 1, sql: 'select 1', schema: 'main' })).toEqual(first);
    expect(seen[0]).toMatchObject({ method: 'post', url: '/v1/sqllab/estimate/' });
    expect(body(seen[0])).toEqual({ database_id: 1, sql: 'select 1', schema: 'main' });
  });

  it('format posts the SQL with the database whose dialect formats it (none without a database)', async () => {
    const { api, seen } = ok({ result: 'SELECT\n  1' });
    expect(await api.format('select 1', 4)).toBe('SELECT\n  1');
    expect(seen[0]).toMatchObject({ method: 'post', url: '/v1/sqllab/format_sql/' });
    expect(body(seen[0])).toEqual({ sql: 'select 1', database_id: 4 });
    await api.format('select 2', null);
    expect(body(seen[1])).toEqual({ sql: 'select 2' });
  });

  it('stop posts the client id', async () => {
    const { api, seen } = ok({ result: 'OK' });
    await expect(api.stop('abc')).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'post', url: '/v1/query/stop' });
    expect(body(seen[0])).toEqual({ client_id: 'abc' });
  });
});

describe('saved query saves (sent by the sender, see saves.api.ts)', () => {
  const saves = savedQuerySaves('/api/bi');
  const headers = { key: 'k-1', label: 'Save query «Top» bets' };

  it('create posts the body under the key and label, and asks for the CSRF token', () => {
    const query = { db_id: 1, label: 'Top bets', sql: 'select 1', schema: 'main' };
    expect(saves.create(query, headers)).toEqual({
      method: 'POST',
      url: '/api/bi/v1/saved_query/',
      headers: { 'Idempotency-Key': 'k-1', 'X-Console-Label': encodeURIComponent(headers.label) },
      body: query,
      csrf: true,
    });
  });

  it('update puts the partial body; delete has no body', () => {
    expect(saves.update(5, { label: 'Renamed' }, headers)).toMatchObject({ method: 'PUT', url: '/api/bi/v1/saved_query/5', body: { label: 'Renamed' } });
    expect(saves.remove(5, headers)).toMatchObject({ method: 'DELETE', url: '/api/bi/v1/saved_query/5', body: null });
  });

  it('a favourite posts an empty object; unfavourite deletes', () => {
    expect(saves.setFavorite(5, true, headers)).toMatchObject({ method: 'POST', url: '/api/bi/v1/saved_query/5/favorites/', body: {} });
    expect(saves.setFavorite(5, false, headers)).toMatchObject({ method: 'DELETE', url: '/api/bi/v1/saved_query/5/favorites/', body: null });
  });
});

describe('BI API CSRF', () => {
  it('fetches the token once and sends it on every mutating call, not on reads', async () => {
    const { api, seen, tokenFetches } = ok({ result: 'x' });
    await api.schemas(1);
    expect(tokenFetches).toHaveLength(0);
    await api.format('select 1', 1);
    await api.stop('c1');
    expect(tokenFetches).toHaveLength(1);
    expect(seen.map((c) => [c.method, c.headers.get('X-CSRFToken')])).toEqual([
      ['get', undefined],
      ['post', 'csrf-1'],
      ['post', 'csrf-1'],
    ]);
  });

  it('shares one token fetch between mutating calls made at once', async () => {
    const { api, seen, tokenFetches } = ok({ result: 'x' });
    await Promise.all([api.format('a', 1), api.format('b', 1), api.stop('c1')]);
    expect(tokenFetches).toHaveLength(1);
    expect(seen.every((c) => c.headers.get('X-CSRFToken') === 'csrf-1')).toBe(true);
  });
});
