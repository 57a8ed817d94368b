import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { biClient, q, type BiClient } from './testing/client';
import { loadContract } from './testing/contract';

const fixture = useFixture();
const contract = await loadContract();
const EXECUTE = '/api/v1/sqllab/execute/';
/** Large enough to run for minutes: only a real interrupt ends it in time. */
const LONG_JOIN = 'SELECT sum(a.range + b.range) AS s FROM range(1000000000) a CROSS JOIN range(1000000000) b';

async function admin(): Promise<BiClient> {
  const { app } = await fixture.build();
  return biClient(app);
}

async function historyOf(client: BiClient, clientId: string) {
  const response = await client.get(`/v1/query/?${q({ filters: [{ col: 'client_id', opr: 'eq', value: clientId }] })}`);
  return response.json().result[0] as { status: string; error_message: string | null; rows: number | null } | undefined;
}

describe('POST /v1/sqllab/execute/', () => {
  it('runs SQL on the warehouse and answers rows, columns and the query, as the contract says', async () => {
    const client = await admin();
    const response = await client.execute({ sql: 'SELECT count(*) AS n FROM bet_report', schema: 'gaming', client_id: 'count01', tab: 'Untitled Query 1', sql_editor_id: '7' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    contract.expectResponse(EXECUTE, 'post', 200, body);
    expect(body.status).toBe('success');
    expect(body.data).toEqual([{ n: 1_000_000 }]);
    expect(body.columns).toEqual([{ column_name: 'n', name: 'n', type: 'BIGINT', is_dttm: false, type_generic: 0 }]);
    expect(body.query).toMatchObject({ id: 'count01', dbId: 1, state: 'success', rows: 1, limit: 1000, schema: 'gaming', tab: 'Untitled Query 1', sqlEditorId: '7' });
    expect(body.query.endDttm).toBeGreaterThanOrEqual(body.query.startDttm);
    expect(body.query_id).toBe(body.query.queryId);
    expect(await historyOf(client, 'count01')).toMatchObject({ status: 'success', rows: 1 });
  });

  it('marks temporal columns and makes up an 11-character client_id when none is sent', async () => {
    const client = await admin();
    const response = await client.execute({ sql: "SELECT TIMESTAMP '2024-01-02 03:04:05' AS t, DATE '2024-01-02' AS d, true AS b, 'x' AS s" });
    const body = response.json();
    expect(body.columns.map((column: { is_dttm: boolean; type_generic: number }) => [column.is_dttm, column.type_generic])).toEqual([[true, 2], [true, 2], [false, 3], [false, 1]]);
    expect(body.query.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('a SQL error answers 400 with DuckDB text in error, message and errors[], and is recorded failed', async () => {
    const client = await admin();
    const response = await client.execute({ sql: 'SELECT * FROM no_such_table', client_id: 'bad01' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    contract.expectResponse(EXECUTE, 'post', 400, body);
    expect(body.error).toMatch(/^Catalog Error: Table with name no_such_table does not exist/);
    expect(body.message).toBe(body.error);
    expect(body.errors).toEqual([{ message: body.error, error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error', extra: { engine_name: 'DuckDB' } }]);
    expect(body).toMatchObject({ status: 'failed', query: { id: 'bad01', state: 'failed', errorMessage: body.error } });
    expect(await historyOf(client, 'bad01')).toMatchObject({ status: 'failed', error_message: body.error });

    const syntax = await client.execute({ sql: 'SELEC 1' });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().errors[0].error_type).toBe('SYNTAX_ERROR');
    expect(syntax.json().error).toMatch(/^Parser Error: syntax error/);
  });

  it('queryLimit: 1000 by default, up to 100,000 when asked, lowered to 100,000 above that', async () => {
    const client = await admin();
    const byDefault = (await client.execute({ sql: 'SELECT range AS i FROM range(5000)' })).json();
    expect(byDefault.data).toHaveLength(1000);
    expect(byDefault.query).toMatchObject({ limit: 1000, rows: 1000, limitingFactor: 'DROPDOWN' });
    const few = (await client.execute({ sql: 'SELECT range AS i FROM range(10)', queryLimit: 5000 })).json();
    expect(few.query).toMatchObject({ limit: 5000, rows: 10, limitingFactor: 'NOT_LIMITED' });
    const raised = (await client.execute({ sql: 'SELECT range AS i FROM range(150000)', queryLimit: 100_000 })).json();
    expect(raised.data).toHaveLength(100_000);
    expect(raised.data[99_999]).toEqual({ i: 99_999 });
    const above = (await client.execute({ sql: 'SELECT range AS i FROM range(150000)', queryLimit: 1_000_000 })).json();
    expect(above.query.limit).toBe(100_000);
    expect(above.data).toHaveLength(100_000);
  });

  it('cuts a result at CONSOLE_RESULT_MAX_MB: the rows that fit, truncated and its reason, as the contract allows', async () => {
    const { app } = await fixture.build({ resultMaxMb: 1 });
    const client = await biClient(app);
    const response = await client.execute({ sql: "SELECT repeat('x', 5000) AS s FROM range(100000)", queryLimit: 100_000, client_id: 'wide01' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1.1 * 2 ** 20);
    const body = response.json();
    contract.expectResponse(EXECUTE, 'post', 200, body);
    expect(body).toMatchObject({ truncated: true, truncated_reason: 'Result truncated at 1 MB' });
    expect(body.data.length).toBeGreaterThan(100);
    expect(body.data.length).toBeLessThan(300);
    expect(body.data.at(-1)).toEqual({ s: 'x'.repeat(5000) });
    expect(body.query.rows).toBe(body.data.length);
    expect(await historyOf(client, 'wide01')).toMatchObject({ status: 'success', rows: body.data.length });

    const small = (await client.execute({ sql: 'SELECT 1 AS one' })).json();
    expect(small.truncated).toBe(false);
    expect(small).not.toHaveProperty('truncated_reason');
  });

  it('queryLimit that is not a positive integer answers 400 and runs nothing', async () => {
    const client = await admin();
    for (const queryLimit of [0, -5, 1.5, 'abc', true]) {
      const response = await client.execute({ sql: 'SELECT 1', queryLimit: queryLimit as number });
      expect(response.statusCode, String(queryLimit)).toBe(400);
      expect(response.json().message).toMatch(/queryLimit/);
    }
    expect((await client.get('/v1/query/')).json().count).toBe(0);
  });

  it('runs several statements in order and answers the last one', async () => {
    const client = await admin();
    const response = await client.execute({ sql: "SET VARIABLE who = 'me'; SELECT 1 AS a; SELECT getvariable('who') AS b, 3 AS c;" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ b: 'me', c: 3 }]);
    expect(response.json().columns.map((column: { name: string }) => column.name)).toEqual(['b', 'c']);
  });

  it('runAsync true runs synchronously (the databases do not allow async)', async () => {
    const client = await admin();
    const response = await client.execute({ sql: 'SELECT 42 AS answer', runAsync: true, expand_data: true, select_as_cta: false, ctas_method: 'TABLE', templateParams: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ answer: 42 }]);
  });

  it('answers 404 for an unknown database or catalog, 400 for a bad body, CTAS or a reused client_id', async () => {
    const client = await admin();
    const unknown = await client.execute({ database_id: 99, sql: 'SELECT 1' });
    expect(unknown.statusCode).toBe(404);
    contract.expectResponse(EXECUTE, 'post', 404, unknown.json());
    expect(unknown.json().errors[0].error_type).toBe('DATABASE_NOT_FOUND_ERROR');
    expect((await client.execute({ sql: 'SELECT 1', catalog: 'finance' })).statusCode).toBe(404);
    expect((await client.execute({ sql: 'SELECT 1', catalog: 'lakehouse' })).statusCode).toBe(200);
    expect((await client.post('/v1/sqllab/execute/', { database_id: 1 })).statusCode).toBe(400);
    expect((await client.execute({ sql: '  ' })).statusCode).toBe(400);
    expect((await client.execute({ sql: 'SELECT 1', client_id: 'x'.repeat(12) })).statusCode).toBe(400);
    expect((await client.execute({ sql: 'SELECT 1', select_as_cta: true, tmp_table_name: 't' })).statusCode).toBe(400);
    expect((await client.execute({ sql: 'SELECT 1', client_id: 'twice' })).statusCode).toBe(200);
    const again = await client.execute({ sql: 'SELECT 1', client_id: 'twice' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/client_id twice was already used/);
  });
});

describe('stopping a query (POST /v1/query/stop)', () => {
  it('interrupts a long cross join in DuckDB: execute answers 400 stopped, history says stopped', async () => {
    const client = await admin();
    const running = client.execute({ sql: LONG_JOIN, client_id: 'longjoin01' });
    await expect.poll(async () => (await historyOf(client, 'longjoin01'))?.status, { timeout: 10_000 }).toBe('running');
    const stoppedAt = Date.now();
    const stop = await client.post('/v1/query/stop', { client_id: 'longjoin01' });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ result: 'OK' });
    contract.expectResponse('/api/v1/query/stop', 'post', 200, stop.json());

    const answer = await running;
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(answer.statusCode).toBe(400);
    contract.expectResponse(EXECUTE, 'post', 400, answer.json());
    expect(answer.json()).toMatchObject({ message: 'The query was stopped', status: 'stopped', query: { id: 'longjoin01', state: 'stopped' } });
    expect(await historyOf(client, 'longjoin01')).toMatchObject({ status: 'stopped', error_message: 'The query was stopped' });
    // The warehouse is free again.
    expect((await client.execute({ sql: 'SELECT 1 AS one' })).json().data).toEqual([{ one: 1 }]);
  }, 30_000);

  it('stop of an unknown client_id answers 404; of a finished query 200 and changes nothing', async () => {
    const client = await admin();
    const unknown = await client.post('/v1/query/stop', { client_id: 'nope' });
    expect(unknown.statusCode).toBe(404);
    contract.expectResponse('/api/v1/query/stop', 'post', 404, unknown.json());
    expect(unknown.json().message).toBe('Query with client_id nope not found');
    await client.execute({ sql: 'SELECT 1', client_id: 'finished' });
    const stop = await client.post('/v1/query/stop', { client_id: 'finished' });
    expect(stop.json()).toEqual({ result: 'OK' });
    expect((await historyOf(client, 'finished'))?.status).toBe('success');
    expect((await client.post('/v1/query/stop', {})).statusCode).toBe(400);
  });
});

describe('POST /v1/sqllab/estimate/', () => {
  it("answers DuckDB's plan estimate of the last statement", async () => {
    const client = await admin();
    const response = await client.post('/v1/sqllab/estimate/', { database_id: 1, sql: 'SELECT * FROM bet_report WHERE stake > 1', schema: 'gaming', catalog: null, template_params: {} });
    expect(response.statusCode).toBe(200);
    contract.expectResponse('/api/v1/sqllab/estimate/', 'post', 200, response.json());
    const [cost] = response.json().result;
    expect(Object.keys(cost)).toEqual(['Output count', 'CPU cost', 'Output size']);
    for (const value of Object.values(cost)) expect(typeof value).toBe('number');
  });

  it('bad SQL → 400 with DuckDB text; unknown database → 404', async () => {
    const client = await admin();
    const bad = await client.post('/v1/sqllab/estimate/', { database_id: 1, sql: 'SELECT * FROM nowhere' });
    expect(bad.statusCode).toBe(400);
    contract.expectResponse('/api/v1/sqllab/estimate/', 'post', 400, bad.json());
    expect(bad.json().error).toMatch(/nowhere/);
    expect((await client.post('/v1/sqllab/estimate/', { database_id: 42, sql: 'SELECT 1' })).statusCode).toBe(404);
  });
});

describe('POST /v1/sqllab/format_sql/ (and format_query/)', () => {
  it('formats with the DuckDB dialect, or the engine asked for', async () => {
    const client = await admin();
    for (const url of ['/v1/sqllab/format_sql/', '/v1/sqllab/format_query/']) {
      const response = await client.post(url, { sql: 'select a, b from t where x = 1' });
      expect(response.statusCode).toBe(200);
      contract.expectResponse('/api/v1/sqllab/format_sql/', 'post', 200, response.json());
      expect(response.json()).toEqual({ result: 'SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1' });
    }
    const postgres = await client.post('/v1/sqllab/format_sql/', { sql: 'select $1::int', engine: 'postgres' });
    expect(postgres.json().result).toBe('SELECT\n  $1::int');
  });

  it('keeps what the SQL means: a string continued over lines stays on its lines; a change of meaning → 400', async () => {
    const client = await admin();
    const kept = await client.post('/v1/sqllab/format_sql/', { sql: "select 'a'\n' - b' as x", engine: 'duckdb' });
    expect(kept.json()).toEqual({ result: "SELECT\n  'a'\n' - b' AS x" });
    const refused = await client.post('/v1/sqllab/format_sql/', { sql: 'select 1 <=> 2' });
    expect(refused.statusCode).toBe(400);
    contract.expectResponse('/api/v1/sqllab/format_sql/', 'post', 400, refused.json());
    expect(refused.json().message).toMatch(/^The SQL was not formatted: formatting would change what it means/);
  });

  it('SQL it cannot parse → 400 with the reason', async () => {
    const client = await admin();
    const response = await client.post('/v1/sqllab/format_sql/', { sql: "select 'unterminated" });
    expect(response.statusCode).toBe(400);
    contract.expectResponse('/api/v1/sqllab/format_sql/', 'post', 400, response.json());
    expect(response.json().message).toMatch(/^The SQL could not be formatted: /);
    expect((await client.post('/v1/sqllab/format_sql/', { engine: 'duckdb' })).statusCode).toBe(400);
  });
});

describe('GET /v1/sqllab/', () => {
  it('answers an empty tab state (tabs live in the client) with the databases and limits', async () => {
    const client = await admin();
    const response = await client.get('/v1/sqllab/');
    expect(response.statusCode).toBe(200);
    contract.expectResponse('/api/v1/sqllab/', 'get', 200, response.json());
    const { result } = response.json();
    expect(result).toMatchObject({ active_tab: null, queries: {}, tab_state_ids: [], user_id: 1 });
    expect(result.databases['1']).toMatchObject({ id: 1, database_name: 'lakehouse', backend: 'duckdb' });
    expect(result.common.conf).toMatchObject({ DEFAULT_SQLLAB_LIMIT: 1000, SQL_MAX_ROW: 100_000 });
  });
});
