import { describe, expect, it } from 'vitest';
import { openStore, type Queryable, type SqlValue } from '../store/db';
import { useFixture } from '../testing/harness';
import { parseListRequest, type ListSpec } from './listQuery';
import { listResponse, readPage, type ListSource } from './pagedList';

const fixture = useFixture();

const SPEC: ListSpec = {
  columns: { name: { kind: 'text', expr: 't.name', ops: ['ct'] } },
  order: { name: 't.name', size: 't.size' },
  defaultOrder: { column: 'size', direction: 'desc' },
  tieBreaker: 't.id',
};

interface Item {
  id: number;
  name: string;
}

/** Rows 1..7 owned by ann, 8..10 by bob; sizes tie in pairs, so the tie breaker decides. */
async function storeWithItems() {
  const store = await openStore(await fixture.tempDir());
  await store.run('CREATE TABLE t (id INTEGER, name VARCHAR, size INTEGER, owner VARCHAR)');
  for (let id = 1; id <= 10; id++) await store.run('INSERT INTO t VALUES ($1, $2, $3, $4)', [id, `item ${id}`, Math.ceil(id / 2), id <= 7 ? 'ann' : 'bob']);
  return store;
}

const read = (db: Queryable, condition: string, params: SqlValue[]) =>
  db.all<{ id: number; name: string }>(`SELECT t.id, t.name FROM t WHERE ${condition}`, params).then((rows) => rows.map((row): Item => ({ id: Number(row.id), name: row.name })));

const ownedBy = (owner: string): ListSource<Item> => ({ from: 'FROM t', visible: 't.owner = $1', params: [owner], read });

describe('readPage', () => {
  it('answers one ordered page and the count of every visible row that matches', async () => {
    const store = await storeWithItems();
    const first = await readPage(store, parseListRequest({ page_size: 3 }, SPEC), SPEC, ownedBy('ann'));
    expect(first).toEqual({ count: 7, page: [{ id: 7, name: 'item 7' }, { id: 6, name: 'item 6' }, { id: 5, name: 'item 5' }] });
    const last = await readPage(store, parseListRequest({ page: 2, page_size: 3 }, SPEC), SPEC, ownedBy('ann'));
    expect(last.page.map((item) => item.id)).toEqual([1]);
    const filtered = await readPage(store, parseListRequest({ filters: [{ col: 'name', opr: 'ct', value: '1' }] }, SPEC), SPEC, ownedBy('bob'));
    expect(filtered).toEqual({ count: 1, page: [{ id: 10, name: 'item 10' }] });
    await store.close();
  });

  it('leaves the caller\'s parameters as they were, so a source can be read again', async () => {
    const store = await storeWithItems();
    const source = ownedBy('bob');
    await readPage(store, parseListRequest({ order_column: 'name' }, SPEC), SPEC, source);
    expect(source.params).toEqual(['bob']);
    expect((await readPage(store, parseListRequest({}, SPEC), SPEC, source)).count).toBe(3);
    await store.close();
  });
});

describe('listResponse', () => {
  it('answers {count, ids, result} with each item presented', () => {
    const answer = listResponse({ count: 9, page: [{ id: 4, name: 'a' }, { id: 2, name: 'b' }] }, (item) => item.name);
    expect(JSON.stringify(answer)).toBe('{"count":9,"ids":[4,2],"result":["a","b"]}');
  });
});
