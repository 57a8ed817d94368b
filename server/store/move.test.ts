import { describe, expect, it } from 'vitest';
import { biClient } from '../bi/testing/client';
import { useFixture } from '../testing/harness';
import { moveStore } from './move';
import { TEST_DATABASE_URL, useStores } from './testing/stores';

const fixture = useFixture();
const stores = useStores(fixture);

describe.skipIf(!TEST_DATABASE_URL)('store:move, SQLite to PostgreSQL', () => {
  it('moves every row, says how many per table, keeps ids unused, and the console carries on there', async () => {
    const from = await stores.place('sqlite');
    const app = await fixture.build(from);
    const client = await biClient(app.app);
    const ids: number[] = [];
    for (const label of ['one', 'two', 'three']) {
      ids.push((await client.post('/v1/saved_query/', { db_id: 1, label, sql: `SELECT '${label}'`, schema: null, catalog: null })).json().id);
    }
    expect((await client.del(`/v1/saved_query/${ids[2]}`)).statusCode).toBe(200);
    await client.execute({ client_id: 'moved-run', sql: 'SELECT 1 AS one' });
    await app.app.services.store.run("INSERT INTO workspace_items (id, path, type, owner, created_at, updated_at, is_favorite) VALUES ('w', 'a.ipynb', 'notebook', 'admin', 1, 1, true)");
    await fixture.close(app.app);

    const to = await stores.place('postgres');
    const source = await stores.open(from);
    const target = await stores.open(to);
    const counts = await moveStore(source, target);
    expect(counts).toMatchObject({ users: 2, bi_saved_queries: 2, bi_queries: 1, workspace_items: 1, wf_dag_runs: 0 });
    expect(await target.all('SELECT id, is_favorite FROM workspace_items')).toEqual([{ id: 'w', is_favorite: true }]);
    // A second move into the now filled store is refused, and changes nothing.
    await expect(moveStore(source, target)).rejects.toThrow(/not empty \(users has 2 rows\)/);
    await Promise.all([source.close(), target.close()]);

    const moved = await fixture.build({ dataDir: to.dataDir, database: to.database });
    const mover = await biClient(moved.app);
    const listed = (await mover.get('/v1/saved_query/')).json().result.map((item: { label: string }) => item.label);
    expect(listed.sort()).toEqual(['one', 'two']);
    // The deleted query's id is never handed out again.
    expect((await mover.post('/v1/saved_query/', { db_id: 1, label: 'four', sql: 'SELECT 4', schema: null, catalog: null })).json().id).toBe(ids[2] + 1);
  });
});
