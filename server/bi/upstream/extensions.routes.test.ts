// What the console supplies in front of Superset (extensions.routes.ts), against the stand-in
// Superset (testing/standIn.ts, catalogStandIn.ts). The real Superset: upstreams/console/supersetCatalog.test.ts.
import { describe, expect, it } from 'vitest';
import type { ColumnSearchResponse, TableSearchResponse } from '../../../contracts/biCatalog';
import type { SupersetUpstream } from '../../config';
import { EDITOR_PASSWORD, manualClock, signIn, useFixture } from '../../testing/harness';
import { CATALOG_SEARCH_LIMITS } from './catalogSearch';
import { serveCatalog, type StandInDatabase } from './testing/catalogStandIn';
import { json, upstreamOf, useSupersetStandIns } from './testing/standIn';

const fixture = useFixture();
const standIn = useSupersetStandIns();

async function consoleWith(superset: SupersetUpstream, clock = manualClock()) {
  const { app } = await fixture.build({ superset }, { clock: clock.now });
  const admin = (await signIn(app)).cookie;
  const editor = (await signIn(app, 'editor', EDITOR_PASSWORD)).cookie;
  const csrfOf = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/bi/v1/security/csrf_token/', headers: { cookie } })).json<{ result: string }>().result;
  return { app, admin, editor, csrfOf, clock };
}

const CATALOG: StandInDatabase[] = [
  {
    id: 1,
    name: 'warehouse',
    schemas: { gaming: { bet_report: ['win_lose', 'stake'], members: ['member_id'] }, secret: 403, broken: 500, information_schema: { tables: ['table_name'] } },
  },
  { id: 2, name: 'duckdb', schemas: { 'lakehouse.gaming': { bet_report: ['win_lose'], bets_archive: ['bet_id'] } } },
  { id: 3, name: 'refused', schemas: 403 },
];

const search = (kind: 'tables' | 'columns', text: string) => `/api/bi/v1/database/search_${kind}/?q=${encodeURIComponent(`(text:${text})`)}`;

describe('catalog search in front of Superset: a fan-out as the user', () => {
  it('searches every schema of every database as the embedded service answers; a schema Superset refuses (403) is left out, a failing one makes the answer partial', async () => {
    const superset = await standIn();
    serveCatalog(superset, CATALOG);
    const { app, editor } = await consoleWith(upstreamOf(superset));
    const response = await app.inject({ method: 'GET', url: search('tables', 'BET'), headers: { cookie: editor } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TableSearchResponse>();
    expect(body.result).toEqual([
      { database_id: 2, database_name: 'duckdb', catalog: '', schema: 'lakehouse.gaming', value: 'bet_report', type: 'table', extra: {} },
      { database_id: 1, database_name: 'warehouse', catalog: '', schema: 'gaming', value: 'bet_report', type: 'table', extra: {} },
      { database_id: 2, database_name: 'duckdb', catalog: '', schema: 'lakehouse.gaming', value: 'bets_archive', type: 'table', extra: {} },
    ]);
    expect(body.count).toBe(3);
    expect(body.partial).toMatch(/^Superset did not list every table \(warehouse\.broken: tables of broken: 500\)$/);
    // System schemas are not searched; every call was the editor's own session.
    expect(superset.calls().some((request) => request.url.includes('information_schema'))).toBe(false);
    expect(new Set(superset.calls().filter((request) => request.url.startsWith('/api/v1/database')).map((request) => superset.userOf(request.headers.cookie)))).toEqual(new Set(['editor']));
  });

  it('finds columns of tables never opened, ranked as the embedded search ranks them', async () => {
    const superset = await standIn();
    serveCatalog(superset, CATALOG);
    const { app, editor } = await consoleWith(upstreamOf(superset));
    const response = await app.inject({ method: 'GET', url: search('columns', 'win'), headers: { cookie: editor } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ColumnSearchResponse>();
    expect(body.result.map((hit) => `${hit.database_name}:${hit.schema}.${hit.value}.${hit.column.name}`)).toEqual(['duckdb:lakehouse.gaming.bet_report.win_lose', 'warehouse:gaming.bet_report.win_lose']);
    expect(body.result[0].column).toEqual({ name: 'win_lose', type: 'BIGINT', comment: null });
  });

  it('keeps each user’s snapshot for its TTL: no Superset call on a repeat, a fan-out of their own for another user, a new one after the TTL', async () => {
    const superset = await standIn();
    const calls = serveCatalog(superset, CATALOG);
    const { app, admin, editor, clock } = await consoleWith(upstreamOf(superset));
    const tablesCalls = () => calls.count('tables');
    await app.inject({ method: 'GET', url: search('tables', 'bet'), headers: { cookie: editor } });
    const once = tablesCalls();
    expect(once).toBe(4); // gaming, secret, broken and lakehouse.gaming
    await app.inject({ method: 'GET', url: search('tables', 'members'), headers: { cookie: editor } });
    await app.inject({ method: 'GET', url: search('columns', 'stake'), headers: { cookie: editor } });
    expect(tablesCalls()).toBe(once);
    // Columns were read once, by the first column search.
    const metadata = calls.count('table_metadata');
    await app.inject({ method: 'GET', url: search('columns', 'member'), headers: { cookie: editor } });
    expect(calls.count('table_metadata')).toBe(metadata);
    await app.inject({ method: 'GET', url: search('tables', 'bet'), headers: { cookie: admin } });
    expect(tablesCalls()).toBe(2 * once);
    clock.advance(CATALOG_SEARCH_LIMITS.ttlMs);
    await app.inject({ method: 'GET', url: search('tables', 'bet'), headers: { cookie: editor } });
    expect(tablesCalls()).toBe(3 * once);
  });

  it('has at most 4 Superset calls in flight for one search', async () => {
    const superset = await standIn();
    const schemas = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`s${index}`, { [`t${index}`]: ['c'] }]));
    const calls = serveCatalog(superset, [{ id: 1, name: 'wide', schemas }], 20);
    const { app, editor } = await consoleWith(upstreamOf(superset));
    const response = await app.inject({ method: 'GET', url: search('columns', 'c'), headers: { cookie: editor } });
    expect(response.json<ColumnSearchResponse>().count).toBe(12);
    expect(calls.maxInFlight).toBe(CATALOG_SEARCH_LIMITS.concurrency);
  });

  it('answers 502 with a clear message when Superset is down, and 400 for a search without text, asking Superset nothing', async () => {
    const stopped = await standIn();
    await stopped.close();
    const down = await consoleWith(upstreamOf(stopped));
    const unreachable = await down.app.inject({ method: 'GET', url: search('tables', 'bet'), headers: { cookie: down.editor } });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json()).toMatchObject({ status: 502, message: expect.stringMatching(/^The Superset server could not be reached \(.*ECONNREFUSED/) });
    const superset = await standIn();
    superset.on('GET', '/api/v1/database/', (_request, response) => json(response, 500, { message: 'metadata database is locked' }));
    const failing = await consoleWith(upstreamOf(superset));
    const failed = await failing.app.inject({ method: 'GET', url: search('tables', 'bet'), headers: { cookie: failing.editor } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Superset did not list the databases (500): metadata database is locked');
    const bad = await failing.app.inject({ method: 'GET', url: `/api/bi/v1/database/search_tables/?q=${encodeURIComponent('(limit:3)')}`, headers: { cookie: failing.editor } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/text is required/);
    expect(superset.calls().filter((request) => request.url.startsWith('/api/v1/database/'))).toHaveLength(1);
  });
});

describe('/config.json in front of Superset', () => {
  it('says every BI extension is answered, from a snapshot of Superset’s catalog for the search', async () => {
    const { app } = await consoleWith(upstreamOf(await standIn()));
    const config = (await app.inject({ method: 'GET', url: '/config.json' })).json();
    expect(config.features).toEqual({ biTableSearch: true, biColumnSearch: true, biTablePreview: true, biFavourites: true, biSearchSnapshot: true, workflowFilters: true });
  });
});

describe('table preview in front of Superset: select_star/ then execute/ as the user', () => {
  const preview = '/api/bi/v1/database/1/table_preview/?name=bet%20report&schema=gaming';

  it('runs Superset’s own SELECT * with the preview’s row limit, and answers in the embedded preview’s shape', async () => {
    const superset = await standIn();
    superset.on('GET', '/api/v1/database/1/select_star/bet%20report/gaming/', (_request, response) => json(response, 200, { result: 'SELECT\n  *\nFROM gaming."bet report"\nLIMIT 100' }));
    const columns = [{ column_name: 'id', name: 'id', type: 'INT', type_generic: 0, is_dttm: false }];
    superset.on('POST', '/api/v1/sqllab/execute/', (_request, response) => json(response, 200, { status: 'success', columns, data: [{ id: 1 }, { id: 2 }], query: {} }));
    const { app, editor } = await consoleWith(upstreamOf(superset));
    const response = await app.inject({ method: 'GET', url: preview, headers: { cookie: editor } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ columns, data: [{ id: 1 }, { id: 2 }], rowCount: 2 });
    const executed = superset.calls().find((request) => request.method === 'POST');
    expect(JSON.parse(executed?.body ?? '{}')).toMatchObject({ database_id: 1, schema: 'gaming', sql: 'SELECT\n  *\nFROM gaming."bet report"\nLIMIT 100', runAsync: false, queryLimit: 100, client_id: expect.stringMatching(/^p.{10}$/) });
    expect(superset.userOf(executed?.headers.cookie)).toBe('editor');
  });

  it('answers Superset’s refusals with its status and message; an asynchronous database and a 5xx are a 502', async () => {
    const superset = await standIn();
    let execute = { status: 403, body: { errors: [{ message: 'You need access to the warehouse database', error_type: 'DATABASE_SECURITY_ACCESS_ERROR' }] } as unknown };
    superset.on('GET', '/api/v1/database/1/select_star/bet%20report/gaming/', (_request, response) => json(response, 200, { result: 'SELECT 1' }));
    superset.on('GET', '/api/v1/database/1/select_star/gone/gaming/', (_request, response) => json(response, 404, { message: 'Table not found in the database' }));
    superset.on('POST', '/api/v1/sqllab/execute/', (_request, response) => json(response, execute.status, execute.body));
    const { app, editor } = await consoleWith(upstreamOf(superset));
    const refused = await app.inject({ method: 'GET', url: preview, headers: { cookie: editor } });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'You need access to the warehouse database']);
    expect(refused.json().errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    const gone = await app.inject({ method: 'GET', url: '/api/bi/v1/database/1/table_preview/?name=gone&schema=gaming', headers: { cookie: editor } });
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'Table not found in the database']);
    execute = { status: 202, body: { query: { id: 1 } } };
    expect((await app.inject({ method: 'GET', url: preview, headers: { cookie: editor } })).json()).toMatchObject({ status: 502, message: expect.stringMatching(/asynchronously/) });
    execute = { status: 500, body: { message: 'boom' } };
    expect((await app.inject({ method: 'GET', url: preview, headers: { cookie: editor } })).json()).toMatchObject({ status: 502, message: 'Superset failed (500): boom' });
    const noSchema = await app.inject({ method: 'GET', url: '/api/bi/v1/database/1/table_preview/?name=x', headers: { cookie: editor } });
    expect(noSchema.statusCode).toBe(400);
  });
});

describe('favourites of Superset’s saved queries, kept by the console', () => {
  it('are each user’s own, only of queries Superset lets them read, and go with a query Superset deleted (one, or a list)', async () => {
    const superset = await standIn();
    const owners: Record<string, string> = { '/api/v1/saved_query/1': 'editor', '/api/v1/saved_query/2': 'editor', '/api/v1/saved_query/3': 'admin' };
    superset.otherwise((request, response) => {
      const path = request.url.split('?')[0];
      if (request.method === 'DELETE') return json(response, 200, { message: 'OK' });
      return owners[path] === superset.userOf(request.headers.cookie) ? json(response, 200, { id: Number(path.split('/').pop()) }) : json(response, 404, { message: 'Not found' });
    });
    const { app, admin, editor, csrfOf } = await consoleWith(upstreamOf(superset));
    const write = async (cookie: string, method: 'POST' | 'DELETE', url: string) => app.inject({ method, url: `/api/bi/v1/saved_query/${url}`, headers: { cookie, 'x-csrftoken': await csrfOf(cookie) } });
    const status = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/bi/v1/saved_query/favorite_status/?q=!(1,2,3)', headers: { cookie } })).json().result;
    for (const id of [1, 2]) expect((await write(editor, 'POST', `${id}/favorites/`)).statusCode).toBe(200);
    expect((await write(editor, 'POST', '3/favorites/')).statusCode).toBe(404);
    expect((await write(admin, 'POST', '3/favorites/')).statusCode).toBe(200);
    expect(await status(editor)).toEqual([{ id: 1, value: true }, { id: 2, value: true }, { id: 3, value: false }]);
    expect(await status(admin)).toEqual([{ id: 1, value: false }, { id: 2, value: false }, { id: 3, value: true }]);
    expect((await write(editor, 'DELETE', '2/favorites/')).statusCode).toBe(200);
    expect(await status(editor)).toEqual([{ id: 1, value: true }, { id: 2, value: false }, { id: 3, value: false }]);
    expect((await write(editor, 'DELETE', '1')).statusCode).toBe(200);
    expect((await write(admin, 'DELETE', `?q=${encodeURIComponent('!(3,4)')}`)).statusCode).toBe(200);
    const rows = await app.services.store.all<{ n: number }>('SELECT count(*) AS n FROM bi_upstream_favorites');
    expect(Number(rows[0].n)).toBe(0);
    const bad = await app.inject({ method: 'GET', url: '/api/bi/v1/saved_query/favorite_status/?q=!(a', headers: { cookie: editor } });
    expect(bad.statusCode).toBe(400);
  });
});
