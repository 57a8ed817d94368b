import { describe, expect, it } from 'vitest';
import type { ColumnSearchResponse, TablePreview, TableSearchResponse } from '../../contracts/biCatalog';
import { TABLE_PREVIEW_ROWS } from '../../contracts/biCatalog';
import { createSupersetCall, type SupersetCall } from '../../server/bi/upstream/call';
import { createCatalogSearch } from '../../server/bi/upstream/catalogSearch';
import { createSessions } from '../../server/bi/upstream/session';
import { previewThroughSuperset } from '../../server/bi/upstream/tablePreview';
import { loadContract } from '../../server/bi/testing/contract';
import type { Method } from '../../server/testing/openapi';
import { secretsFor } from '../state';
import { consoleSecret, superset } from '../superset';
import { supersetClient } from '../testing/supersetClient';
import { supersetWhy, useSupersetInFront } from '../testing/supersetInFront';

const contract = await loadContract();

/** Superset's paths the console's own calls use, as its OpenAPI document writes them. */
const SPEC_PATHS: Array<[RegExp, string]> = [
  [/^\/api\/v1\/database\/$/, '/api/v1/database/'],
  [/^\/api\/v1\/database\/\d+\/schemas\/$/, '/api/v1/database/{pk}/schemas/'],
  [/^\/api\/v1\/database\/\d+\/tables\/$/, '/api/v1/database/{pk}/tables/'],
  [/^\/api\/v1\/database\/\d+\/table_metadata\/$/, '/api/v1/database/{pk}/table_metadata/'],
  [/^\/api\/v1\/database\/\d+\/select_star\/[^/]+\/[^/]+\/$/, '/api/v1/database/{pk}/select_star/{table_name}/{schema_name}/'],
  [/^\/api\/v1\/sqllab\/execute\/$/, '/api/v1/sqllab/execute/'],
];

/** The console's calls to Superset, each answer validated against superset-openapi.json as it arrives. */
function validated(call: SupersetCall, seen: string[]): SupersetCall {
  return async (user, method, path, body, signal) => {
    const answer = await call(user, method, path, body, signal);
    const bare = path.split('?')[0];
    const specPath = SPEC_PATHS.find(([pattern]) => pattern.test(bare))?.[1];
    if (!specPath) throw new Error(`${method} ${bare} is not a call the test knows`);
    contract.expectResponse(specPath, method.toLowerCase() as Method, answer.status, answer.body);
    seen.push(`${method} ${specPath} ${answer.status}`);
    return answer;
  };
}

describe.skipIf(supersetWhy !== null)(`Catalog search, table preview and favourites in front of ${superset.title}`, () => {
  const front = useSupersetInFront();
  const searchUrl = (kind: 'tables' | 'columns', text: string) => `/api/bi/v1/database/search_${kind}/?q=${encodeURIComponent(`(text:${text},limit:500)`)}`;
  const placesOf = (hits: TableSearchResponse['result']) => hits.map((hit) => `${hit.database_name}:${hit.schema}.${hit.value}`);

  it('finds bet_report, and win_lose as a column of it, in both databases though no schema was opened', async () => {
    const tables = await front.get('editor', searchUrl('tables', 'BET_rep'));
    expect(tables.statusCode, tables.body).toBe(200);
    const tableAnswer = tables.json<TableSearchResponse>();
    expect(placesOf(tableAnswer.result)).toEqual(expect.arrayContaining(['duckdb:lakehouse.gaming.bet_report', 'warehouse:gaming.bet_report']));
    expect(tableAnswer.partial).toBeUndefined();
    expect(tableAnswer.result.find((hit) => hit.database_name === 'warehouse')).toMatchObject({ type: 'table', catalog: '', database_id: expect.any(Number) });
    // A cold column search reads tables' columns for 3 s at most (~0.5 s per table_metadata/ call
    // here): it may answer partially, and complete on a search after.
    let columnAnswer: ColumnSearchResponse | null = null;
    for (let attempt = 0; attempt < 5 && (columnAnswer === null || columnAnswer.partial); attempt++) {
      const columns = await front.get('editor', searchUrl('columns', 'win_lose'));
      expect(columns.statusCode, columns.body).toBe(200);
      columnAnswer = columns.json<ColumnSearchResponse>();
      if (columnAnswer.partial) expect(columnAnswer.partial).toMatch(/^the columns of \d+ tables are not read yet; search again for more$/);
    }
    if (!columnAnswer) throw new Error('no column search answer');
    expect(columnAnswer.partial).toBeUndefined();
    const ofBetReport = columnAnswer.result.filter((hit) => hit.value === 'bet_report');
    expect(placesOf(ofBetReport).sort()).toEqual(['duckdb:lakehouse.gaming.bet_report', 'warehouse:gaming.bet_report']);
    expect(ofBetReport[0].column).toMatchObject({ name: 'win_lose', type: expect.any(String) });
  }, 120_000);

  it('previews bet_report’s first rows in each database, and says 404 with Superset’s message for a table that is not there', async () => {
    const databases = (await front.get('editor', '/api/bi/v1/database/')).json<{ result: Array<{ id: number; database_name: string }> }>().result;
    for (const [name, schema] of [['warehouse', 'gaming'], ['duckdb', 'lakehouse.gaming']]) {
      const id = databases.find((row) => row.database_name === name)?.id;
      const response = await front.get('editor', `/api/bi/v1/database/${id}/table_preview/?name=bet_report&schema=${encodeURIComponent(schema)}`);
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json<TablePreview>();
      expect(preview.rowCount).toBe(TABLE_PREVIEW_ROWS);
      expect(preview.data).toHaveLength(TABLE_PREVIEW_ROWS);
      expect(preview.columns.map((column) => column.name)).toEqual(expect.arrayContaining(['pre_cal_id', 'win_lose', 'currency']));
      expect(typeof preview.data[0].pre_cal_id).toBe('number');
    }
    const missing = await front.get('editor', `/api/bi/v1/database/${databases[0].id}/table_preview/?name=no_such_table&schema=gaming`);
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json<{ message: string }>().message).not.toBe('');
  }, 120_000);

  it('keeps favourites per console user, only of queries the user may read, and forgets them with the query', async () => {
    const stamp = Date.now();
    const ids = {} as Record<'admin' | 'editor', number>;
    for (const role of ['admin', 'editor'] as const) {
      const saved = await front.send(role, 'POST', '/api/bi/v1/saved_query/', { db_id: 1, schema: 'gaming', label: `${role} fav ${stamp}`, sql: 'select 1' });
      expect(saved.statusCode, saved.body).toBe(201);
      ids[role] = saved.json<{ id: number }>().id;
    }
    const status = async (role: 'admin' | 'editor') =>
      (await front.get(role, `/api/bi/v1/saved_query/favorite_status/?q=!(${ids.admin},${ids.editor})`)).json<{ result: Array<{ id: number; value: boolean }> }>().result;
    expect((await front.send('editor', 'POST', `/api/bi/v1/saved_query/${ids.editor}/favorites/`, {})).statusCode).toBe(200);
    expect((await front.send('admin', 'POST', `/api/bi/v1/saved_query/${ids.admin}/favorites/`, {})).statusCode).toBe(200);
    // The editor cannot read the admin's query in Superset, so cannot mark it.
    expect((await front.send('editor', 'POST', `/api/bi/v1/saved_query/${ids.admin}/favorites/`, {})).statusCode).toBe(404);
    expect(await status('editor')).toEqual([{ id: ids.admin, value: false }, { id: ids.editor, value: true }]);
    expect(await status('admin')).toEqual([{ id: ids.admin, value: true }, { id: ids.editor, value: false }]);
    expect((await front.send('admin', 'DELETE', `/api/bi/v1/saved_query/${ids.admin}/favorites/`)).statusCode).toBe(200);
    expect(await status('admin')).toEqual([{ id: ids.admin, value: false }, { id: ids.editor, value: false }]);
    // Deleted in Superset through the console: the mark goes with it.
    expect((await front.send('editor', 'DELETE', `/api/bi/v1/saved_query/${ids.editor}`)).statusCode).toBe(200);
    const rows = await front.app.services.store.all<{ n: number }>('SELECT count(*) AS n FROM bi_upstream_favorites WHERE saved_query_id = $1', [ids.editor]);
    expect(Number(rows[0].n)).toBe(0);
  }, 120_000);

  it('a Superset user without rights on the warehouse database does not find its tables; each call answers as superset-openapi.json says', async () => {
    const { running } = front;
    const admin = await supersetClient(running);
    const duckdbOnly = await restrictedRole(admin, `console_duckdb_only_${Date.now()}`, '[duckdb]');
    const upstream = { url: running.url, secret: consoleSecret(secretsFor(running.stateDir, [])), timeoutMs: 30_000 };
    const user = { username: `restricted-${Date.now()}`, role: 'editor' as const };
    const sessions = createSessions(upstream);
    await sessions.session(user); // signs in: Superset makes the user with the editor's roles
    await setRoles(admin, user.username, ['Gamma', 'sql_lab', duckdbOnly]);
    const seen: string[] = [];
    const call = validated(createSupersetCall(upstream, sessions), seen);
    const search = createCatalogSearch(call, Date.now);
    const hits = (await search.searchTables(user, 'bet_report', 50)).result;
    expect(placesOf(hits)).toEqual(['duckdb:lakehouse.gaming.bet_report']);
    let columns = await search.searchColumns(user, 'win_lose', 50);
    for (let attempt = 0; attempt < 5 && columns.partial; attempt++) columns = await search.searchColumns(user, 'win_lose', 50);
    expect(placesOf(columns.result)).toEqual(['duckdb:lakehouse.gaming.bet_report']);
    const preview = await previewThroughSuperset(call, user, hits[0].database_id, 'lakehouse.gaming', 'bet_report');
    expect(preview.rowCount).toBe(TABLE_PREVIEW_ROWS);
    expect(new Set(seen.map((line) => line.split(' ').slice(0, 2).join(' ')))).toEqual(new Set(SPEC_PATHS.map(([, path]) => `${path === '/api/v1/sqllab/execute/' ? 'POST' : 'GET'} ${path}`)));
  }, 120_000);
});

type Admin = Awaited<ReturnType<typeof supersetClient>>;

/** A new Superset role with database_access on the one database whose permission's view starts with `view`. */
async function restrictedRole(admin: Admin, name: string, view: string): Promise<string> {
  const created = await admin.post('/api/v1/security/roles/', { name });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const shared = (await (await admin.get('/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:console_databases)))')).json()) as { result: Array<{ id: number }> };
  const permissions = (await (await admin.get(`/api/v1/security/roles/${shared.result[0].id}/permissions/`)).json()) as { result: Array<{ id: number; view_menu_name: string }> };
  const access = permissions.result.filter((permission) => permission.view_menu_name.startsWith(view)).map((permission) => permission.id);
  expect(access).toHaveLength(1);
  expect((await admin.post(`/api/v1/security/roles/${id}/permissions`, { permission_view_menu_ids: access })).status).toBe(200);
  return name;
}

async function setRoles(admin: Admin, username: string, roles: string[]): Promise<void> {
  const all = (await (await admin.get('/api/v1/security/roles/?q=(page_size:100)')).json()) as { result: Array<{ id: number; name: string }> };
  const users = (await (await admin.get(`/api/v1/security/users/?q=${encodeURIComponent(`(filters:!((col:username,opr:eq,value:'${username}')))`)}`)).json()) as { result: Array<{ id: number }> };
  const put = await admin.put(`/api/v1/security/users/${users.result[0].id}`, { roles: all.result.filter((role) => roles.includes(role.name)).map((role) => role.id) });
  expect(put.status, await put.clone().text()).toBe(200);
}
