import { describe, expect, it } from 'vitest';
import { biClient, q } from '../bi/testing/client';
import { useFixture } from '../testing/harness';
import { STORE_DIALECTS, useStores } from './testing/stores';

const fixture = useFixture();
const stores = useStores(fixture);

// The console as a user meets it, on each store: sign in, save a query, run SQL, list the history;
// then a restart finds all of it.
describe.each(STORE_DIALECTS)('the console on %s', (dialect) => {
  it('signs in, saves a query, lists its history, and finds them again after a restart', async () => {
    const place = await stores.place(dialect);
    const first = await fixture.build(place);
    expect(first.app.services.store.file).toBe(place.database ? place.database.url.replace(/:[^:@/]*@/, ':***@') : `${place.dataDir}/console.sqlite`);
    const client = await biClient(first.app);
    const saved = await client.post('/v1/saved_query/', { db_id: 1, label: 'Answer', sql: 'SELECT 42 AS answer', schema: null, catalog: null });
    expect(saved.statusCode, saved.body).toBe(201);
    const run = await client.execute({ client_id: 'run1', sql: 'SELECT 42 AS answer' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toEqual([{ answer: 42 }]);
    await fixture.close(first.app);

    const again = await fixture.build(place);
    const reader = await biClient(again.app);
    const history = await reader.get(`/v1/query/?${q({ order_column: 'start_time', order_direction: 'desc' })}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().result.map((item: { client_id: string; status: string }) => [item.client_id, item.status])).toEqual([['run1', 'success']]);
    const list = await reader.get('/v1/saved_query/');
    expect(list.json().result).toMatchObject([{ id: saved.json().id, label: 'Answer', rows: 1 }]);
  });
});
