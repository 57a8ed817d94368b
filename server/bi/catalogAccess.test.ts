import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ConsoleServices } from '../services';
import { EDITOR_PASSWORD, useFixture } from '../testing/harness';
import { BI_API, biClient, q, type BiClient } from './testing/client';

const fixture = useFixture();

const ADMIN_REQUIRED = { message: 'Forbidden: admin role required' };

/** Every catalog read of the reader scope, as the catalog browser calls them. */
const CATALOG_READS = [
  '/v1/database/',
  `/v1/database/?${q({ order_column: 'id', order_direction: 'asc' })}`,
  '/v1/database/1',
  '/v1/database/1/catalogs/',
  '/v1/database/1/schemas/',
  `/v1/database/1/tables/?${q({ schema_name: 'gaming' })}`,
  '/v1/database/1/table/bet_report/gaming/',
  '/v1/database/1/table_metadata/?name=bet_report&schema=gaming',
  `/v1/database/search_tables/?${q({ text: 'bet' })}`,
  `/v1/database/search_columns/?${q({ text: 'member' })}`,
  '/v1/database/1/table_preview/?name=bet_report&schema=gaming',
];

async function editorSession(app: FastifyInstance): Promise<BiClient> {
  return biClient(app, 'editor', EDITOR_PASSWORD);
}

/** Bearer calls skip the CSRF check, so a refusal of theirs is the role check's own. */
async function editorBearer(services: ConsoleServices): Promise<Record<string, string>> {
  const editor = await services.users.find('editor');
  if (!editor) throw new Error('no editor');
  const { accessToken } = await services.grants.start(editor, editor.tokenVersion, false);
  return { authorization: `Bearer ${accessToken}` };
}

describe('catalog reads are open to editors', () => {
  it('an editor session gets 200 on every catalog read, table_preview/ included', async () => {
    const { app } = await fixture.build();
    const editor = await editorSession(app);
    for (const url of CATALOG_READS) {
      const response = await editor.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    // The same answers an admin gets.
    const admin = await biClient(app);
    expect((await editor.get('/v1/database/1/table_metadata/?name=bet_report&schema=gaming')).json()).toEqual(
      (await admin.get('/v1/database/1/table_metadata/?name=bet_report&schema=gaming')).json(),
    );
  });

  it('an editor Bearer token reads the catalog too', async () => {
    const { app, services } = await fixture.build();
    const headers = await editorBearer(services);
    for (const url of ['/v1/database/', '/v1/database/1/table_preview/?name=bet_report&schema=gaming']) {
      const response = await app.inject({ method: 'GET', url: `${BI_API}${url}`, headers });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('catalog reads still need a session: 401 without one', async () => {
    const { app } = await fixture.build();
    for (const url of CATALOG_READS) {
      expect((await app.inject({ method: 'GET', url: `${BI_API}${url}` })).statusCode, url).toBe(401);
    }
  });
});

describe('everything else stays admin-only', () => {
  it('an editor session gets 403 on SQL Lab, history, saved queries, /v1/me/ and the CSRF token', async () => {
    const { app } = await fixture.build();
    const editor = await editorSession(app);
    expect(editor.csrf).toBe('');
    for (const url of ['/v1/query/', '/v1/query/updated_since', '/v1/saved_query/', '/v1/me/', '/v1/sqllab/', '/v1/security/csrf_token/']) {
      const response = await editor.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(ADMIN_REQUIRED);
    }
    // Without a CSRF token a session's mutating call is refused before the role check, also 403.
    expect((await editor.execute({ sql: 'SELECT 1' })).statusCode).toBe(403);
  });

  it('an editor Bearer token (no CSRF check) is refused by the admin role check; nothing runs', async () => {
    const { app, services } = await fixture.build();
    const headers = await editorBearer(services);
    const calls = [
      { method: 'POST', url: '/v1/sqllab/execute/', payload: { database_id: 1, sql: 'CREATE TABLE gaming.editor_was_here AS SELECT 1 AS a' } },
      { method: 'POST', url: '/v1/sqllab/estimate/', payload: { database_id: 1, sql: 'SELECT 1' } },
      { method: 'POST', url: '/v1/sqllab/format_sql/', payload: { sql: 'select 1' } },
      { method: 'POST', url: '/v1/query/stop', payload: { client_id: 'abc' } },
      { method: 'POST', url: '/v1/saved_query/', payload: { db_id: 1, label: 'mine', sql: 'SELECT 1' } },
      { method: 'GET', url: '/v1/query/' },
      { method: 'GET', url: '/v1/saved_query/' },
      { method: 'GET', url: '/v1/me/' },
    ] as const;
    for (const { method, url, ...rest } of calls) {
      const response = await app.inject({ method, url: `${BI_API}${url}`, headers, ...rest });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json(), url).toEqual(ADMIN_REQUIRED);
    }
    const admin = await biClient(app);
    expect((await admin.get('/v1/query/')).json().count).toBe(0);
    expect((await admin.get('/v1/saved_query/')).json().count).toBe(0);
    expect((await admin.get('/v1/database/1/table_metadata/?name=editor_was_here&schema=gaming')).statusCode).toBe(404);
  });
});

describe('GET /v1/database/{id}/table_preview/ (our extension)', () => {
  it('answers the first 100 rows with the columns of the table, as execute converts them', async () => {
    const { app } = await fixture.build();
    const editor = await editorSession(app);
    const metadata = (await editor.get('/v1/database/1/table_metadata/?name=bet_report&schema=gaming')).json();
    expect(metadata.rowCount).toBeGreaterThan(100);
    const response = await editor.get('/v1/database/1/table_preview/?name=bet_report&schema=gaming&catalog=lakehouse');
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(Object.keys(preview).sort()).toEqual(['columns', 'data', 'rowCount']);
    expect(preview.rowCount).toBe(100);
    expect(preview.data).toHaveLength(100);
    const names = metadata.columns.map((column: { name: string }) => column.name);
    expect(preview.columns.map((column: { name: string }) => column.name)).toEqual(names);
    expect(preview.columns.map((column: { type: string }) => column.type)).toEqual(metadata.columns.map((column: { type: string }) => column.type));
    expect(preview.columns[0]).toEqual({ column_name: 'pre_cal_id', name: 'pre_cal_id', type: 'BIGINT', is_dttm: false, type_generic: 0 });
    for (const row of preview.data) expect(Object.keys(row)).toEqual(names);

    // The same columns and cells as SQL Lab's execute of the same SELECT.
    const admin = await biClient(app);
    const executed = (await admin.execute({ sql: 'SELECT * FROM gaming.bet_report LIMIT 100' })).json();
    expect(preview.columns).toEqual(executed.columns);
    expect(preview.data).toEqual(executed.data);
  });

  it('a table of fewer than 100 rows answers all of them; schema defaults to main', async () => {
    const { app } = await fixture.build();
    const admin = await biClient(app);
    const created = await admin.execute({ database_id: 4, sql: 'CREATE TABLE main.tiny AS SELECT i AS n, DATE \'2025-01-01\' + i::INTEGER AS day FROM range(7) r(i)' });
    expect(created.statusCode, created.body).toBe(200);
    const editor = await editorSession(app);
    const response = await editor.get('/v1/database/4/table_preview/?name=tiny');
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.rowCount).toBe(7);
    expect(preview.columns.map((column: { name: string; type: string }) => [column.name, column.type])).toEqual([
      ['n', 'BIGINT'],
      ['day', 'DATE'],
    ]);
    expect(preview.data[0]).toEqual({ n: 0, day: '2025-01-01' });
  });

  it('404 for an unknown database, schema or table (the messages of table_metadata); 400 without a name', async () => {
    const { app } = await fixture.build();
    const editor = await editorSession(app);
    const pairs = [
      ['/v1/database/9/table_preview/?name=bet_report&schema=gaming', '/v1/database/9/table_metadata/?name=bet_report&schema=gaming'],
      ['/v1/database/1/table_preview/?name=nope&schema=gaming', '/v1/database/1/table_metadata/?name=nope&schema=gaming'],
      ['/v1/database/1/table_preview/?name=bet_report&schema=nope', '/v1/database/1/table_metadata/?name=bet_report&schema=nope'],
      ['/v1/database/1/table_preview/?name=bet_report', '/v1/database/1/table_metadata/?name=bet_report'],
    ];
    for (const [preview, metadata] of pairs) {
      const response = await editor.get(preview);
      expect(response.statusCode, preview).toBe(404);
      expect(response.json(), preview).toEqual((await editor.get(metadata)).json());
    }
    expect((await editor.get('/v1/database/9/table_preview/?name=x')).json()).toMatchObject({ message: 'Database 9 not found' });
    expect((await editor.get('/v1/database/1/table_preview/?name=nope&schema=gaming')).json()).toEqual({ message: 'Table gaming.nope not found' });
    expect((await editor.get('/v1/database/1/table_preview/?name=bet_report&schema=gaming&catalog=finance')).statusCode).toBe(404);
    for (const url of ['/v1/database/1/table_preview/?schema=gaming', '/v1/database/1/table_preview/?name=&schema=gaming', '/v1/database/1/table_preview/']) {
      expect((await editor.get(url)).statusCode, url).toBe(400);
    }
  });

  it('hostile names are looked up, never spliced into SQL: 404, and nothing is dropped', async () => {
    const { app } = await fixture.build();
    const editor = await editorSession(app);
    const hostile = [
      { name: 'x"; DROP TABLE y; --', schema: 'gaming' },
      { name: 'bet_report"; DROP TABLE gaming.members; --', schema: 'gaming' },
      { name: 'members', schema: 'gaming"."members"; DROP TABLE gaming.members; --' },
      { name: "members'; DROP TABLE gaming.members; --", schema: 'gaming' },
    ];
    for (const { name, schema } of hostile) {
      const response = await editor.get(`/v1/database/1/table_preview/?${new URLSearchParams({ name, schema })}`);
      expect(response.statusCode, name).toBe(404);
    }
    expect((await editor.get('/v1/database/1/table_metadata/?name=members&schema=gaming')).statusCode).toBe(200);
    expect((await editor.get('/v1/database/1/table_metadata/?name=bet_report&schema=gaming')).statusCode).toBe(200);
  });

  it('a table whose real name holds quotes and SQL is previewed by its quoted name, and nothing else runs', async () => {
    const { app } = await fixture.build();
    const admin = await biClient(app);
    const name = 'x"; DROP TABLE gaming.members; --';
    const created = await admin.execute({ database_id: 4, sql: `CREATE TABLE main."${name.replaceAll('"', '""')}" AS SELECT 42 AS answer` });
    expect(created.statusCode, created.body).toBe(200);
    const editor = await editorSession(app);
    const response = await editor.get(`/v1/database/4/table_preview/?${new URLSearchParams({ name, schema: 'main' })}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rowCount: 1, data: [{ answer: 42 }] });
    expect((await editor.get('/v1/database/1/table_metadata/?name=members&schema=gaming')).statusCode).toBe(200);
  });

  it('is not recorded in the query history', async () => {
    const { app } = await fixture.build();
    const admin = await biClient(app);
    const editor = await editorSession(app);
    for (const client of [admin, editor]) {
      expect((await client.get('/v1/database/1/table_preview/?name=bet_report&schema=gaming')).statusCode).toBe(200);
    }
    expect((await admin.get('/v1/database/1/table_preview/?name=nope&schema=gaming')).statusCode).toBe(404);
    const history = await admin.get('/v1/query/');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ count: 0, result: [] });
    // A SQL Lab run afterwards is the history's only entry.
    await admin.execute({ sql: 'SELECT 1 AS one' });
    expect((await admin.get('/v1/query/')).json().count).toBe(1);
  });
});
