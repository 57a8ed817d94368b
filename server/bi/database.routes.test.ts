import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { biClient, q, type BiClient } from './testing/client';
import { loadContract } from './testing/contract';

const fixture = useFixture();
const contract = await loadContract();

async function admin(): Promise<BiClient> {
  const { app } = await fixture.build();
  return biClient(app);
}

describe('GET /v1/database/', () => {
  it('lists the warehouse databases as Superset describes databases', async () => {
    const client = await admin();
    const response = await client.get('/v1/database/');
    expect(response.statusCode).toBe(200);
    contract.expectResponse('/api/v1/database/', 'get', 200, response.json());
    const { count, ids, result } = response.json();
    expect(count).toBe(4);
    expect(result.map((database: { database_name: string }) => database.database_name)).toEqual(['finance', 'lakehouse', 'marketing', 'sandbox']);
    expect(ids).toEqual([2, 1, 3, 4]);
    expect(result[1]).toMatchObject({ id: 1, database_name: 'lakehouse', backend: 'duckdb', expose_in_sqllab: true, allow_run_async: false, allows_cost_estimate: true, allow_dml: false });
    expect(result[3]).toMatchObject({ id: 4, database_name: 'sandbox', allow_dml: true });
  });

  it("takes SQL Lab's picker filters, order and paging in rison", async () => {
    const client = await admin();
    const picker = {
      filters: [
        { col: 'database_name', opr: 'ct', value: 'LAKE' },
        { col: 'expose_in_sqllab', opr: 'eq', value: true },
      ],
      order_column: 'database_name',
      order_direction: 'asc',
      page: 0,
      page_size: 100,
    };
    expect((await client.get(`/v1/database/?${q(picker)}`)).json()).toMatchObject({ count: 1, ids: [1] });
    expect((await client.get(`/v1/database/?${q({ order_column: 'id', order_direction: 'desc', page: 1, page_size: 3 })}`)).json()).toMatchObject({ count: 4, ids: [1] });
    expect((await client.get(`/v1/database/?${q({ filters: [{ col: 'allow_dml', opr: 'eq', value: true }] })}`)).json()).toMatchObject({ count: 1, ids: [4] });
    const bad = await client.get('/v1/database/?q=(filters:!((col:database_name,opr:ct,value:lake)');
    expect(bad.statusCode).toBe(400);
    contract.expectResponse('/api/v1/database/', 'get', 400, bad.json());
  });

  it('GET /v1/database/{id} answers one database; 404 for an unknown id', async () => {
    const client = await admin();
    expect((await client.get('/v1/database/2')).json()).toMatchObject({ id: 2, result: { database_name: 'finance' } });
    const missing = await client.get('/v1/database/99');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Database 99 not found', errors: [{ error_type: 'DATABASE_NOT_FOUND_ERROR' }] });
  });
});

describe('catalogs, schemas and tables', () => {
  it('catalogs: the database is one DuckDB catalog', async () => {
    const client = await admin();
    const response = await client.get('/v1/database/1/catalogs/');
    contract.expectResponse('/api/v1/database/{pk}/catalogs/', 'get', 200, response.json());
    expect(response.json()).toEqual({ result: ['lakehouse'] });
    expect((await client.get('/v1/database/9/catalogs/')).statusCode).toBe(404);
  });

  it('schemas: sorted names; 404 for an unknown database or catalog; 400 for bad rison', async () => {
    const client = await admin();
    for (const url of ['/v1/database/1/schemas/', `/v1/database/1/schemas/?${q({ force: false, catalog: 'lakehouse' })}`]) {
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      contract.expectResponse('/api/v1/database/{pk}/schemas/', 'get', 200, response.json());
      expect(response.json().result).toContain('gaming');
      expect(response.json().result).toEqual([...response.json().result].sort());
    }
    const unknown = await client.get('/v1/database/9/schemas/');
    expect(unknown.statusCode).toBe(404);
    contract.expectResponse('/api/v1/database/{pk}/schemas/', 'get', 404, unknown.json());
    expect((await client.get(`/v1/database/1/schemas/?${q({ catalog: 'finance' })}`)).statusCode).toBe(404);
    const bad = await client.get('/v1/database/1/schemas/?q=(force:!x)');
    expect(bad.statusCode).toBe(400);
    contract.expectResponse('/api/v1/database/{pk}/schemas/', 'get', 400, bad.json());
  });

  it('tables: {count, result:[{value, type, extra}]} of a schema; schema_name required; 404 for an unknown schema', async () => {
    const client = await admin();
    const response = await client.get(`/v1/database/1/tables/?${q({ schema_name: 'gaming', force: false })}`);
    expect(response.statusCode).toBe(200);
    contract.expectResponse('/api/v1/database/{pk}/tables/', 'get', 200, response.json());
    const { count, result } = response.json();
    expect(count).toBe(result.length);
    expect(result).toContainEqual({ value: 'bet_report', type: 'table', extra: { comment: expect.any(String) } });
    for (const table of result) expect(['table', 'view']).toContain(table.type);
    expect((await client.get('/v1/database/1/tables/')).statusCode).toBe(400);
    expect((await client.get(`/v1/database/1/tables/?${q({ force: true })}`)).statusCode).toBe(400);
    const unknown = await client.get(`/v1/database/1/tables/?${q({ schema_name: 'no_such_schema' })}`);
    expect(unknown.statusCode).toBe(404);
    contract.expectResponse('/api/v1/database/{pk}/tables/', 'get', 404, unknown.json());
  });

  it('table metadata (both spellings): columns, selectStar, keys and comment', async () => {
    const client = await admin();
    const legacy = await client.get('/v1/database/1/table/bet_report/gaming/');
    expect(legacy.statusCode).toBe(200);
    contract.expectResponse('/api/v1/database/{pk}/table/{table_name}/{schema_name}/', 'get', 200, legacy.json());
    const current = await client.get('/v1/database/1/table_metadata/?name=bet_report&schema=gaming&catalog=lakehouse');
    contract.expectResponse('/api/v1/database/{pk}/table_metadata/', 'get', 200, current.json());
    expect(current.json()).toEqual(legacy.json());

    const table = legacy.json();
    expect(table).toMatchObject({ name: 'bet_report', primaryKey: { type: 'pk', column_names: [] }, foreignKeys: [], indexes: [], rowCount: 1_000_000 });
    expect(typeof table.comment).toBe('string');
    expect(table.columns[0]).toEqual({ name: 'pre_cal_id', type: 'BIGINT', longType: 'BIGINT', comment: 'Unique id of this pre-calculated row' });
    expect(table.selectStar).toMatch(/^SELECT\n {2}"pre_cal_id",\n {2}"pre_cal",\n/);
    expect(table.selectStar).toMatch(/\nFROM\n {2}"gaming"\."bet_report"\nLIMIT\n {2}100$/);
  });

  it('table metadata: 404 for an unknown table, schema or database; name required', async () => {
    const client = await admin();
    for (const url of ['/v1/database/1/table/nope/gaming/', '/v1/database/1/table/bet_report/nope/', '/v1/database/9/table/bet_report/gaming/']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      contract.expectResponse('/api/v1/database/{pk}/table/{table_name}/{schema_name}/', 'get', 404, response.json());
    }
    expect((await client.get('/v1/database/1/table_metadata/?name=nope&schema=gaming')).statusCode).toBe(404);
    expect((await client.get('/v1/database/1/table_metadata/?schema=gaming')).statusCode).toBe(400);
  });
});

describe('GET /v1/database/search_tables/ (our extension)', () => {
  it('finds tables by name across databases, with where they are', async () => {
    const client = await admin();
    const response = await client.get(`/v1/database/search_tables/?${q({ text: 'BET_REP', limit: 50 })}`);
    expect(response.statusCode).toBe(200);
    const { count, result } = response.json();
    expect(count).toBe(result.length);
    expect(result).toContainEqual({ database_id: 1, database_name: 'lakehouse', catalog: 'lakehouse', schema: 'gaming', value: 'bet_report', type: 'table', extra: { comment: expect.any(String) } });
    const limited = (await client.get(`/v1/database/search_tables/?${q({ text: '', limit: 5 })}`)).json();
    expect(limited.result).toHaveLength(5);
    expect((await client.get('/v1/database/search_tables/')).statusCode).toBe(400);
    expect((await client.get(`/v1/database/search_tables/?${q({ text: 'x', limit: 0 })}`)).statusCode).toBe(400);
  });
});

describe('GET /v1/database/search_columns/ (our extension)', () => {
  it('finds columns by name across every table of the warehouse, opened or not', async () => {
    const client = await admin();
    const response = await client.get(`/v1/database/search_columns/?${q({ text: 'MEMBER_ID', limit: 500 })}`);
    expect(response.statusCode).toBe(200);
    const { count, result } = response.json();
    expect(count).toBe(result.length);
    expect(count).toBeGreaterThan(10);
    expect(result).toContainEqual({
      database_id: 1,
      database_name: 'lakehouse',
      catalog: 'lakehouse',
      schema: 'gaming',
      value: 'bet_report',
      type: 'table',
      extra: { comment: expect.any(String) },
      column: { name: 'member_id', type: 'BIGINT', comment: expect.toBeOneOf([null, expect.any(String)]) },
    });
    expect(result.every((hit: { column: { name: string } }) => hit.column.name.toLowerCase().includes('member_id'))).toBe(true);
    const limited = (await client.get(`/v1/database/search_columns/?${q({ text: 'id', limit: 3 })}`)).json();
    expect(limited.result).toHaveLength(3);
    expect((await client.get('/v1/database/search_columns/')).statusCode).toBe(400);
    expect((await client.get(`/v1/database/search_columns/?${q({ text: 'x', limit: 0 })}`)).statusCode).toBe(400);
  });
});
