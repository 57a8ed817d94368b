import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { biClient, type BiClient } from './testing/client';

const fixture = useFixture();

/** `?q=` with rison text as a client could type it (not made by the encoder, so any text goes). */
const raw = (rison: string) => `q=${encodeURIComponent(rison)}`;

const PAST_2_53 = '9007199254740993';

/** What every list endpoint's `q` is checked for: huge and fractional numbers, prototype names. */
const LIST_ARGS = [
  '(page:1e308)',
  '(page:-1e308)',
  `(page:${PAST_2_53})`,
  '(page:1e15,page_size:100)',
  '(page_size:1e308,page:1e300)',
  "(filters:!((col:'__proto__',opr:eq,value:x)))",
  '(filters:!((col:constructor,opr:eq,value:x)))',
  '(filters:!((col:hasOwnProperty,opr:eq,value:x)))',
  "(order_column:'__proto__')",
  '(order_column:toString)',
  '(order_column:constructor)',
];

/** Lists backed by the store, with their integer and time columns. */
const STORE_LISTS = [
  {
    url: '/v1/query/',
    args: [
      '(filters:!((col:database,opr:eq,value:1e308)))',
      `(filters:!((col:user,opr:in,value:!(1,${PAST_2_53}))))`,
      '(filters:!((col:start_time,opr:gt,value:1e308)))',
      '(filters:!((col:changed_on,opr:between,value:!(-1e308,1e308))))',
      "(filters:!((col:start_time,opr:lt,value:'275760-09-14T00:00:00Z')))",
    ],
  },
  {
    url: '/v1/saved_query/',
    args: ['(filters:!((col:id,opr:eq,value:1e308)))', `(filters:!((col:database,opr:rel_o_m,value:${PAST_2_53})))`, '(filters:!((col:created_by,opr:eq,value:-1e308)))'],
  },
];

/** Every GET and write that takes an id in the path. */
const ID_ROUTES: [method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: (id: string) => string][] = [
  ['GET', (id) => `/v1/saved_query/${id}`],
  ['PUT', (id) => `/v1/saved_query/${id}`],
  ['DELETE', (id) => `/v1/saved_query/${id}`],
  ['POST', (id) => `/v1/saved_query/${id}/favorites/`],
  ['DELETE', (id) => `/v1/saved_query/${id}/favorites/`],
  ['GET', (id) => `/v1/query/${id}`],
  ['GET', (id) => `/v1/database/${id}`],
  ['GET', (id) => `/v1/database/${id}/schemas/`],
  ['GET', (id) => `/v1/database/${id}/tables/?${raw('(schema_name:main)')}`],
  ['GET', (id) => `/v1/database/${id}/table_metadata/?name=t`],
];
const HOSTILE_IDS = [PAST_2_53, '1e308', '18446744073709551616', '-9007199254740993'];

/** Other endpoints' own numeric arguments. */
const OTHER_QUERIES = [
  `/v1/query/updated_since?${raw('(last_updated_ms:-1e308)')}`,
  `/v1/query/updated_since?${raw('(last_updated_ms:1e308)')}`,
  `/v1/query/updated_since?${raw(`(last_updated_ms:${PAST_2_53}0)`)}`,
  `/v1/query/related/user?${raw('(page:1e308)')}`,
  `/v1/query/related/database?${raw('(include_ids:!(1e308))')}`,
  `/v1/query/distinct/status?${raw('(page:1e308)')}`,
  `/v1/saved_query/favorite_status/?${raw('!(1e308)')}`,
  `/v1/saved_query/favorite_status/?${raw(`!(1,${PAST_2_53})`)}`,
  `/v1/database/?${raw('(page:1e308)')}`,
  `/v1/database/?${raw("(filters:!((col:'__proto__',opr:eq,value:x)))")}`,
  `/v1/database/?${raw('(order_column:toString)')}`,
  `/v1/database/?${raw('(filters:!((col:id,opr:eq,value:1e308)))')}`,
  `/v1/database/search_tables/?${raw('(text:a,limit:1e308)')}`,
  `/v1/database/search_columns/?${raw('(text:a,limit:1e308)')}`,
  `/v1/database/search_columns/?${raw('(text:!(a))')}`,
];

async function expectRefused(client: BiClient, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string): Promise<void> {
  const response =
    method === 'GET' ? await client.get(url) : method === 'PUT' ? await client.put(url, { label: 'x' }) : method === 'POST' ? await client.post(url) : await client.del(url);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
  expect(typeof response.json().message, `${method} ${url}`).toBe('string');
  expect(response.json().message.length, `${method} ${url}`).toBeGreaterThan(0);
}

describe('hostile input on the BI list and item endpoints answers 400 with a message, never 500', () => {
  it('list arguments: huge pages, prototype names as filter or order columns', async () => {
    const { app } = await fixture.build();
    const client = await biClient(app);
    for (const url of ['/v1/query/', '/v1/saved_query/', '/v1/database/']) {
      for (const args of LIST_ARGS) await expectRefused(client, 'GET', `${url}?${raw(args)}`);
    }
    for (const { url, args } of STORE_LISTS) for (const arg of args) await expectRefused(client, 'GET', `${url}?${raw(arg)}`);
  });

  it('ids past 2^53 (or out of range) in the path', async () => {
    const { app } = await fixture.build();
    const client = await biClient(app);
    for (const [method, url] of ID_ROUTES) for (const id of HOSTILE_IDS) await expectRefused(client, method, url(id));
  });

  it('the other endpoints: updated_since, related, distinct, favourite status, database list, table search', async () => {
    const { app } = await fixture.build();
    const client = await biClient(app);
    for (const url of OTHER_QUERIES) await expectRefused(client, 'GET', url);
    const bulkDelete = await client.del(`/v1/saved_query/?${raw('!(1e308)')}`);
    expect(bulkDelete.statusCode, bulkDelete.body).toBe(400);
  });

  it('the same endpoints still answer sane arguments', async () => {
    const { app } = await fixture.build();
    const client = await biClient(app);
    for (const url of [
      `/v1/query/?${raw('(page:3,page_size:10,order_column:changed_on,filters:!((col:start_time,opr:gt,value:0)))')}`,
      `/v1/saved_query/?${raw('(filters:!((col:id,opr:eq,value:9007199254740991)))')}`,
      `/v1/query/updated_since?${raw('(last_updated_ms:0)')}`,
      `/v1/database/?${raw('(filters:!((col:id,opr:in,value:!(1,2))))')}`,
    ]) {
      const response = await client.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    expect((await client.get('/v1/saved_query/9007199254740991')).statusCode).toBe(404);
  });
});
