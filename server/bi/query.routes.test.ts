import { describe, expect, it } from 'vitest';
import { manualClock, useFixture } from '../testing/harness';
import { QueryHistoryStore } from './history.store';
import { parseListRequest } from './listQuery';
import { HISTORY_LIST } from './history.store';
import { biClient, q, type BiClient } from './testing/client';
import { loadContract } from './testing/contract';

const fixture = useFixture();
const contract = await loadContract();
const LIST = '/api/v1/query/';

/** An app with five queries run a second apart: q1..q5, q3 failed, q5 on the finance database. */
async function withHistory() {
  const clock = manualClock(1_700_000_000_000);
  const built = await fixture.build({}, { clock: clock.now });
  const client = await biClient(built.app);
  const runs = [
    { client_id: 'q1', sql: 'SELECT 1 AS one' },
    { client_id: 'q2', sql: 'SELECT * FROM gaming.members LIMIT 3', tab: 'Members' },
    { client_id: 'q3', sql: 'SELECT * FROM missing_table' },
    { client_id: 'q4', sql: 'SELECT 4 AS four' },
    { client_id: 'q5', sql: 'SELECT 5 AS five', database_id: 2 },
  ];
  for (const run of runs) {
    clock.advance(1000);
    await client.execute(run);
  }
  return { ...built, client, clock };
}

const list = async (client: BiClient, args: object) => {
  const response = await client.get(`/v1/query/?${q(args)}`);
  expect(response.statusCode, response.body).toBe(200);
  contract.expectResponse(LIST, 'get', 200, response.json());
  return response.json() as { count: number; ids: number[]; result: { client_id: string; status: string }[] };
};
const clientIds = (page: { result: { client_id: string }[] }) => page.result.map((item) => item.client_id);

describe('GET /v1/query/ (history)', () => {
  it('lists the newest first with {count, ids, result} as the contract says', async () => {
    const { client } = await withHistory();
    const page = await list(client, {});
    expect(page.count).toBe(5);
    expect(clientIds(page)).toEqual(['q5', 'q4', 'q3', 'q2', 'q1']);
    expect(page.ids).toEqual(page.result.map((item) => (item as unknown as { id: number }).id));
    expect(page.result[3]).toMatchObject({
      client_id: 'q2',
      status: 'success',
      rows: 3,
      tab_name: 'Members',
      database: { id: 1, database_name: 'lakehouse' },
      user: { id: 1, username: 'admin', first_name: 'Admin', last_name: 'User' },
      sql_tables: [{ table: 'members', schema: 'gaming', catalog: null }],
      limit: 1000,
    });
    expect(typeof (page.result[3] as unknown as { start_time: number }).start_time).toBe('number');
  });

  it('pages from 0 and orders by the columns Superset sorts by', async () => {
    const { client } = await withHistory();
    const first = await list(client, { order_column: 'start_time', order_direction: 'asc', page: 0, page_size: 2 });
    const second = await list(client, { order_column: 'start_time', order_direction: 'asc', page: 1, page_size: 2 });
    const last = await list(client, { order_column: 'start_time', order_direction: 'asc', page: 2, page_size: 2 });
    expect([clientIds(first), clientIds(second), clientIds(last)]).toEqual([['q1', 'q2'], ['q3', 'q4'], ['q5']]);
    expect(first.count).toBe(5);
    expect(clientIds(await list(client, { order_column: 'sql', order_direction: 'asc' }))).toEqual(['q2', 'q3', 'q1', 'q4', 'q5']);
    expect(clientIds(await list(client, { order_column: 'database.database_name', order_direction: 'asc' }))[0]).toBe('q5');
    expect((await list(client, { page: 9, page_size: 25 })).result).toEqual([]);
  });

  it('filters by database, status, sql text, user and time', async () => {
    const { client } = await withHistory();
    const filtered = (...filters: object[]) => list(client, { filters, order_column: 'start_time', order_direction: 'asc' });
    expect(clientIds(await filtered({ col: 'database', opr: 'rel_o_m', value: 2 }))).toEqual(['q5']);
    expect(clientIds(await filtered({ col: 'status', opr: 'eq', value: 'failed' }))).toEqual(['q3']);
    expect(clientIds(await filtered({ col: 'sql', opr: 'ct', value: 'MEMBERS' }))).toEqual(['q2']);
    expect(clientIds(await filtered({ col: 'database', opr: 'rel_o_m', value: 1 }, { col: 'status', opr: 'eq', value: 'success' }, { col: 'sql', opr: 'ct', value: 'select' }))).toEqual(['q1', 'q2', 'q4']);
    expect((await filtered({ col: 'user', opr: 'rel_o_m', value: 1 })).count).toBe(5);
    expect((await filtered({ col: 'user', opr: 'rel_o_m', value: 2 })).count).toBe(0);
    expect(clientIds(await filtered({ col: 'start_time', opr: 'gt', value: 1_700_000_003_500 }))).toEqual(['q4', 'q5']);
    expect(clientIds(await filtered({ col: 'start_time', opr: 'between', value: ['2023-11-14T22:13:21Z', '2023-11-14T22:13:22Z'] }))).toEqual(['q1', 'q2']);
  });

  it('malformed rison or unknown filters/order columns answer 400', async () => {
    const { client } = await withHistory();
    for (const query of ['q=(filters:!((col:sql', 'q=(page:-1)', 'q=!(1)', `${q({ filters: [{ col: 'password', opr: 'eq', value: 1 }] })}`, `${q({ order_column: 'secret' })}`]) {
      const response = await client.get(`/v1/query/?${query}`);
      expect(response.statusCode, query).toBe(400);
      contract.expectResponse(LIST, 'get', 400, response.json());
    }
    expect((await client.get('/v1/query/?q=(filters:!((col:sql')).json().message).toMatch(/^Not a valid rison argument/);
  });

  it('users see their own queries; administrators see everyone\'s', async () => {
    const { services, clock } = await withHistory();
    const history = await QueryHistoryStore.open(services.store, clock.now());
    const request = parseListRequest({}, HISTORY_LIST);
    expect((await history.list(request, { username: 'admin', admin: false })).count).toBe(5);
    expect((await history.list(request, { username: 'editor', admin: false })).count).toBe(0);
    expect((await history.list(request, { username: 'editor', admin: true })).count).toBe(5);
    expect(await history.byClientId('q1', { username: 'editor', admin: false })).toBeNull();
  });
});

describe('GET /v1/query/{id}, related, distinct, updated_since', () => {
  it('one query in detail; 404 when there is none', async () => {
    const { client } = await withHistory();
    const [id] = (await list(client, { filters: [{ col: 'client_id', opr: 'eq', value: 'q3' }] })).ids;
    const response = await client.get(`/v1/query/${id}`);
    expect(response.statusCode).toBe(200);
    contract.expectResponse('/api/v1/query/{pk}', 'get', 200, response.json());
    expect(response.json()).toMatchObject({ id, result: { id, client_id: 'q3', status: 'failed', database: { id: 1 }, progress: 100, select_as_cta: false } });
    expect(response.json().result.error_message).toMatch(/missing_table/);
    const missing = await client.get('/v1/query/9999');
    expect(missing.statusCode).toBe(404);
    contract.expectResponse('/api/v1/query/{pk}', 'get', 404, missing.json());
    expect((await client.get('/v1/query/abc')).statusCode).toBe(400);
  });

  it('related database and user answer {count, result:[{value, text}]}; other columns 404', async () => {
    const { client } = await withHistory();
    const databases = await client.get('/v1/query/related/database');
    contract.expectResponse('/api/v1/query/related/{column_name}', 'get', 200, databases.json());
    expect(databases.json()).toEqual({
      count: 4,
      result: [
        { value: 1, text: 'lakehouse' },
        { value: 2, text: 'finance' },
        { value: 3, text: 'marketing' },
        { value: 4, text: 'sandbox' },
      ],
    });
    const filtered = await client.get(`/v1/query/related/database?${q({ filter: 'FIN' })}`);
    expect(filtered.json()).toEqual({ count: 1, result: [{ value: 2, text: 'finance' }] });
    const users = await client.get('/v1/query/related/user');
    contract.expectResponse('/api/v1/query/related/{column_name}', 'get', 200, users.json());
    expect(users.json().result.map((user: { value: number; text: string }) => [user.value, user.text])).toEqual([[1, 'Admin User'], [2, 'Editor User']]);
    expect((await client.get(`/v1/query/related/user?${q({ page: 1, page_size: 1 })}`)).json()).toMatchObject({ count: 2, result: [{ value: 2 }] });
    const unknown = await client.get('/v1/query/related/sql');
    expect(unknown.statusCode).toBe(404);
    contract.expectResponse('/api/v1/query/related/{column_name}', 'get', 404, unknown.json());
  });

  it('distinct status answers the statuses in the history', async () => {
    const { client } = await withHistory();
    const response = await client.get('/v1/query/distinct/status');
    contract.expectResponse('/api/v1/query/distinct/{column_name}', 'get', 200, response.json());
    expect(response.json()).toEqual({ count: 2, result: [{ value: 'failed', text: 'failed' }, { value: 'success', text: 'success' }] });
    expect((await client.get('/v1/query/distinct/sql')).statusCode).toBe(404);
  });

  it('updated_since answers the queries changed since then, as Query.to_dict()', async () => {
    const { client } = await withHistory();
    const response = await client.get(`/v1/query/updated_since?${q({ last_updated_ms: 1_700_000_004_000 })}`);
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.map((query: { id: string }) => query.id)).toEqual(['q4', 'q5']);
    for (const query of result) contract.expectSchema('QueryResult', query);
    expect((await client.get('/v1/query/updated_since')).statusCode).toBe(400);
  });
});
