import { describe, expect, it, vi } from 'vitest';
import { manualClock, useFixture } from '../testing/harness';
import { SavedQueryStore } from './savedQueries.store';
import { biClient, q, type BiClient } from './testing/client';
import { loadContract } from './testing/contract';

const fixture = useFixture();
const contract = await loadContract();
const LIST = '/api/v1/saved_query/';
const ITEM = '/api/v1/saved_query/{pk}';
const HOUR = 60 * 60 * 1000;

const body = (overrides: object = {}) => ({
  db_id: 1,
  label: 'Top members',
  sql: 'SELECT * FROM gaming.members ORDER BY member_id LIMIT 10',
  schema: 'gaming',
  catalog: null,
  description: 'The first members',
  ...overrides,
});

async function setup() {
  const clock = manualClock(1_700_000_000_000);
  const built = await fixture.build({}, { clock: clock.now });
  return { ...built, clock, client: await biClient(built.app) };
}

async function create(client: BiClient, overrides: object = {}): Promise<number> {
  const response = await client.post('/v1/saved_query/', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const labels = (response: { json(): { result: { label: string }[] } }) => response.json().result.map((item) => item.label);

describe('saved queries: create, read, update, delete', () => {
  it('POST answers 201 {id, result}; GET answers the saved query with its tables and people', async () => {
    const { client } = await setup();
    const created = await client.post('/v1/saved_query/', body());
    expect(created.statusCode).toBe(201);
    contract.expectResponse(LIST, 'post', 201, created.json());
    const { id } = created.json();
    expect(created.json().result).toEqual({ ...body(), template_parameters: null, extra_json: null });

    const read = await client.get(`/v1/saved_query/${id}`);
    expect(read.statusCode).toBe(200);
    contract.expectResponse(ITEM, 'get', 200, read.json());
    expect(read.json()).toMatchObject({
      id,
      result: {
        id,
        label: 'Top members',
        db_id: 1,
        database: { id: 1, database_name: 'lakehouse' },
        sql_tables: [{ table: 'members', schema: 'gaming', catalog: null }],
        created_by: { id: 1, first_name: 'Admin', last_name: 'User' },
        changed_by: { id: 1, first_name: 'Admin', last_name: 'User' },
        created_on: '2023-11-14T22:13:20.000Z',
        changed_on_delta_humanized: 'now',
        rows: null,
        last_run_delta_humanized: null,
      },
    });
  });

  it('validates: label and sql required and not empty, db_id must exist', async () => {
    const { client } = await setup();
    const invalid = [{ label: undefined }, { sql: undefined }, { db_id: undefined }, { label: '  ' }, { sql: '' }, { db_id: 99 }, { label: 7 }, { label: 'x'.repeat(257) }];
    for (const overrides of invalid) {
      const response = await client.post('/v1/saved_query/', body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      contract.expectResponse(LIST, 'post', 400, response.json());
    }
    expect((await client.post('/v1/saved_query/', body({ db_id: 99 }))).json().message).toBe('db_id: database 99 does not exist');
    expect((await client.get('/v1/saved_query/')).json().count).toBe(0);
  });

  it('PUT changes what it sends and keeps the rest; answers 200 {id, result}', async () => {
    const { client, clock } = await setup();
    const id = await create(client);
    clock.advance(2 * HOUR);
    const response = await client.put(`/v1/saved_query/${id}`, { label: 'Renamed', sql: 'SELECT 1 FROM finance.gl.journals', description: null });
    expect(response.statusCode).toBe(200);
    contract.expectResponse(ITEM, 'put', 200, response.json());
    expect(response.json()).toEqual({ id, result: { ...body(), label: 'Renamed', sql: 'SELECT 1 FROM finance.gl.journals', description: null, template_parameters: null, extra_json: null } });
    const read = (await client.get(`/v1/saved_query/${id}`)).json().result;
    expect(read).toMatchObject({ schema: 'gaming', sql_tables: [{ table: 'journals', schema: 'gl', catalog: 'finance' }], changed_on: '2023-11-15T00:13:20.000Z' });
    clock.advance(3 * HOUR);
    expect((await client.get(`/v1/saved_query/${id}`)).json().result.changed_on_delta_humanized).toBe('3 hours ago');

    expect((await client.put(`/v1/saved_query/${id}`, { label: '' })).statusCode).toBe(400);
    expect((await client.put(`/v1/saved_query/${id}`, { db_id: 12 })).statusCode).toBe(400);
    const missing = await client.put('/v1/saved_query/9999', { label: 'x' });
    expect(missing.statusCode).toBe(404);
    contract.expectResponse(ITEM, 'put', 404, missing.json());
  });

  it('DELETE one answers {message: OK}; bulk DELETE ?q=!(ids) deletes all or, when one is missing, none', async () => {
    const { client } = await setup();
    const [a, b, c] = [await create(client, { label: 'a' }), await create(client, { label: 'b' }), await create(client, { label: 'c' })];
    const one = await client.del(`/v1/saved_query/${a}`);
    expect(one.statusCode).toBe(200);
    contract.expectResponse(ITEM, 'delete', 200, one.json());
    expect(one.json()).toEqual({ message: 'OK' });
    expect((await client.get(`/v1/saved_query/${a}`)).statusCode).toBe(404);
    expect((await client.del(`/v1/saved_query/${a}`)).statusCode).toBe(404);

    const partly = await client.del(`/v1/saved_query/?${q([b, a])}`);
    expect(partly.statusCode).toBe(404);
    contract.expectResponse(LIST, 'delete', 404, partly.json());
    expect((await client.get('/v1/saved_query/')).json().count).toBe(2);
    const bulk = await client.del(`/v1/saved_query/?${q([b, c])}`);
    expect(bulk.statusCode).toBe(200);
    contract.expectResponse(LIST, 'delete', 200, bulk.json());
    expect(bulk.json()).toEqual({ message: 'Deleted 2 saved queries' });
    expect((await client.get('/v1/saved_query/')).json().count).toBe(0);
    expect((await client.del('/v1/saved_query/?q=!(1,')).statusCode).toBe(400);
    expect((await client.del('/v1/saved_query/')).statusCode).toBe(400);
  });

  it('only the owner may change or delete a saved query', async () => {
    const { client, services } = await setup();
    const id = await create(client);
    const store = new SavedQueryStore(services.store);
    const input = { dbId: 1, databaseName: 'lakehouse', label: 'x', sql: 'SELECT 1', schema: null, catalog: null, description: null, templateParameters: null, extraJson: null };
    expect(await store.update('editor', id, input, [], 0, null)).toBeNull();
    expect(await store.delete('editor', [id], null)).toBeNull();
    expect(await store.byId(id, { username: 'editor', admin: false })).toBeNull();
    expect(await store.byId(id, { username: 'editor', admin: true })).not.toBeNull();
  });
});

describe('saved queries: list, search and favourites', () => {
  it('lists with rison filters (label, all_text), order and 0-based pages', async () => {
    const { client, clock } = await setup();
    for (const [label, description, sql] of [
      ['Revenue by day', 'finance daily', 'SELECT 1'],
      ['Active members', null, 'SELECT * FROM gaming.members'],
      ['Bets per game', 'uses bet_report', 'SELECT 2'],
      ['Churn', null, 'SELECT 3 -- revenue at risk'],
    ]) {
      clock.advance(1000);
      await create(client, { label, description, sql });
    }
    const all = await client.get('/v1/saved_query/');
    contract.expectResponse(LIST, 'get', 200, all.json());
    expect(all.json().count).toBe(4);
    expect(labels(all)).toEqual(['Churn', 'Bets per game', 'Active members', 'Revenue by day']);
    expect(all.json().ids).toEqual(all.json().result.map((item: { id: number }) => item.id));

    const byLabel = await client.get(`/v1/saved_query/?${q({ filters: [{ col: 'label', opr: 'ct', value: 'MEMBERS' }] })}`);
    expect(labels(byLabel)).toEqual(['Active members']);
    const allText = await client.get(`/v1/saved_query/?${q({ filters: [{ col: 'label', opr: 'all_text', value: 'revenue' }], order_column: 'label', order_direction: 'asc' })}`);
    expect(labels(allText)).toEqual(['Churn', 'Revenue by day']);
    const paged = await client.get(`/v1/saved_query/?${q({ order_column: 'label', order_direction: 'asc', page: 1, page_size: 3 })}`);
    expect(paged.json().count).toBe(4);
    expect(labels(paged)).toEqual(['Revenue by day']);
    const bad = await client.get(`/v1/saved_query/?${q({ filters: [{ col: 'sql', opr: 'eq', value: 'x' }] })}`);
    expect(bad.statusCode).toBe(400);
    contract.expectResponse(LIST, 'get', 400, bad.json());
  });

  it('favourites: mark, status, filter and unmark; 404 for unknown queries', async () => {
    const { client } = await setup();
    const [a, b] = [await create(client, { label: 'a' }), await create(client, { label: 'b' })];
    const marked = await client.post(`/v1/saved_query/${a}/favorites/`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ result: 'OK' });
    expect((await client.post(`/v1/saved_query/${a}/favorites/`)).statusCode).toBe(200);

    const status = await client.get(`/v1/saved_query/favorite_status/?${q([a, b, 999])}`);
    expect(status.statusCode).toBe(200);
    contract.expectSchema('GetFavStarIdsSchema', status.json());
    expect(status.json()).toEqual({ result: [{ id: a, value: true }, { id: b, value: false }] });
    const favourites = await client.get(`/v1/saved_query/?${q({ filters: [{ col: 'id', opr: 'saved_query_is_fav', value: true }] })}`);
    expect(labels(favourites)).toEqual(['a']);
    const others = await client.get(`/v1/saved_query/?${q({ filters: [{ col: 'id', opr: 'saved_query_is_fav', value: false }] })}`);
    expect(labels(others)).toEqual(['b']);

    expect((await client.del(`/v1/saved_query/${a}/favorites/`)).json()).toEqual({ result: 'OK' });
    expect((await client.get(`/v1/saved_query/favorite_status/?${q([a])}`)).json()).toEqual({ result: [{ id: a, value: false }] });
    expect((await client.post('/v1/saved_query/999/favorites/')).statusCode).toBe(404);
    expect((await client.get(`/v1/saved_query/favorite_status/?${q([999])}`)).statusCode).toBe(404);
    expect((await client.get('/v1/saved_query/favorite_status/?q=(a:1)')).statusCode).toBe(400);
  });

  it("a run of the same SQL on the same database sets the saved query's rows and last run", async () => {
    const { client, clock } = await setup();
    const id = await create(client, { sql: 'SELECT range FROM range(7)' });
    clock.advance(HOUR);
    await client.execute({ sql: 'SELECT range FROM range(7)' });
    clock.advance(HOUR);
    const read = (await client.get(`/v1/saved_query/${id}`)).json().result;
    expect(read).toMatchObject({ rows: 7, last_run_delta_humanized: '1 hour ago' });
    contract.expectResponse(LIST, 'get', 200, (await client.get('/v1/saved_query/')).json());
  });
});

describe('saved queries: Idempotency-Key', () => {
  it('a repeated key answers the first answer and creates one row, stored in the write\'s transaction', async () => {
    const { client, services } = await setup();
    const save = vi.spyOn(services.idempotency, 'save');
    const replace = vi.spyOn(services.idempotency, 'replace');
    const headers = { 'idempotency-key': 'save-query-1' };
    const first = await client.post('/v1/saved_query/', body(), headers);
    const second = await client.post('/v1/saved_query/', body(), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect((await client.get('/v1/saved_query/')).json().count).toBe(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][3]).toBeDefined(); // the write's own transaction
    expect(replace).not.toHaveBeenCalled();

    const id = first.json().id;
    const updates = [await client.put(`/v1/saved_query/${id}`, { label: 'v2' }, { 'idempotency-key': 'put-1' }), await client.put(`/v1/saved_query/${id}`, { label: 'v2' }, { 'idempotency-key': 'put-1' })];
    expect(updates[1].body).toBe(updates[0].body);
    const deletes = [await client.del(`/v1/saved_query/${id}`, { 'idempotency-key': 'del-1' }), await client.del(`/v1/saved_query/${id}`, { 'idempotency-key': 'del-1' })];
    expect(deletes.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(deletes[1].headers['idempotent-replayed']).toBe('true');
    expect(replace).not.toHaveBeenCalled();
  });
});
