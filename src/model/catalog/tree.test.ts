import { describe, expect, it } from 'vitest';
import type { BiDatabase, ColumnSearchHit, TableMetadata, TableOption, TableSearchHit } from '../../../contracts/biCatalog';
import {
  ancestorsOf,
  buildCatalogTree,
  cacheKeys,
  catalogNameOf,
  findNode,
  indexTree,
  MATCH,
  matchRange,
  NO_ROWS,
  nodeById,
  nodeId,
  parseNodeId,
  searchTree,
  treeKey,
  visibleRows,
  type RowList,
  type SearchResult,
} from './tree';
import type { CatalogCache, CatalogEditRow, CatalogNode, VisibleRow } from './types';

const databases = [
  { id: 1, database_name: 'lakehouse' },
  { id: 2, database_name: 'finance' },
] as BiDatabase[];

const column = (name: string, type: string, comment: string | null = null) => ({ name, type, longType: type, comment });
const betsMetadata = { name: 'bets', columns: [column('id', 'BIGINT', 'Bet id'), column('stake', 'DECIMAL(18,2)')], comment: 'Every bet placed', rowCount: 10 } as TableMetadata;
const gamingTables: TableOption[] = [
  { value: 'bets', type: 'table', extra: { comment: 'Bets (list comment)' } },
  { value: 'players_v', type: 'view', extra: { comment: 'Players' } },
];

/** lakehouse (1): schemas loaded (gaming, odd/schema); gaming's tables loaded; bets' columns loaded. finance (2): nothing loaded. */
const cache: CatalogCache = {
  databases,
  schemas: new Map([[1, ['gaming', 'odd/schema']]]),
  tables: new Map([[cacheKeys.tables(1, 'gaming'), gamingTables]]),
  tableMetadata: new Map([[cacheKeys.table(1, 'gaming', 'bets'), betsMetadata]]),
};

let seq = 10;
const created = (id: string, parentId: string | null, type: CatalogNode['type'], name: string, extra: Partial<CatalogEditRow> = {}): CatalogEditRow => ({
  id,
  created: { parentId, type, name, seq: ++seq },
  deleted: false,
  seq,
  ...extra,
});
const edit = (id: string, fields: Partial<CatalogEditRow>): CatalogEditRow => ({ id, deleted: false, seq: ++seq, ...fields });

const names = (nodes: readonly CatalogNode[]) => nodes.map((n) => n.name);
const node = (roots: CatalogNode[], id: string) => {
  const found = findNode(roots, id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
};

describe('ids', () => {
  it('encode each name so names may hold "/", and parse back', () => {
    expect(nodeId('lakehouse', 'odd/schema', 'bets')).toBe('lakehouse/odd%2Fschema/bets');
    expect(parseNodeId('lakehouse/odd%2Fschema/bets')).toEqual(['lakehouse', 'odd/schema', 'bets']);
    expect(parseNodeId('')).toEqual([]);
    expect(parseNodeId('bad%zz')).toEqual(['bad%zz']); // a mangled URL does not throw
  });

  it('ancestorsOf lists the ids to expand, outermost first', () => {
    expect(ancestorsOf('lakehouse/gaming/bets/stake')).toEqual(['lakehouse', 'lakehouse/gaming', 'lakehouse/gaming/bets']);
    expect(ancestorsOf('lakehouse')).toEqual([]);
  });

  it('cacheKeys match the BI metadata cache keys (without their kind prefix)', () => {
    expect(cacheKeys.tables(1, 'odd/schema')).toBe('1/odd%2Fschema');
    expect(cacheKeys.table(1, 'odd/schema', 'a b')).toBe('1/odd%2Fschema/a%20b');
  });

  it('a database is named by its catalog when the server sends one', () => {
    expect(catalogNameOf(databases[0])).toBe('lakehouse');
    expect(catalogNameOf({ ...databases[0], catalog: 'lh' } as BiDatabase)).toBe('lh');
  });
});

describe('buildCatalogTree from the server cache', () => {
  const roots = buildCatalogTree(cache, []);

  it('has the cached nodes, in the server order, with ids from their names', () => {
    expect(names(roots)).toEqual(['lakehouse', 'finance']);
    expect(node(roots, 'lakehouse').children.map((n) => n.id)).toEqual(['lakehouse/gaming', 'lakehouse/odd%2Fschema']);
    expect(names(node(roots, 'lakehouse/gaming/bets').children)).toEqual(['id', 'stake']);
  });

  it('marks which children were fetched (lazy): the rest load on expand', () => {
    const loaded = (id: string) => node(roots, id).childrenLoaded;
    expect(loaded('lakehouse')).toBe(true);
    expect(loaded('finance')).toBe(false);
    expect(loaded('lakehouse/gaming')).toBe(true);
    expect(loaded('lakehouse/odd%2Fschema')).toBe(false);
    expect(loaded('lakehouse/gaming/bets')).toBe(true);
    expect(loaded('lakehouse/gaming/players_v')).toBe(false);
    expect(loaded('lakehouse/gaming/bets/id')).toBe(true); // a column: nothing to fetch
  });

  it('fills in what each node is: database, schema, table, type, description', () => {
    expect(node(roots, 'lakehouse/gaming/bets/id')).toMatchObject({
      type: 'column',
      pk: 1,
      schemaName: 'gaming',
      tableName: 'bets',
      detail: 'BIGINT',
      description: 'Bet id',
      serverDescription: 'Bet id',
      depth: 3,
      parentId: 'lakehouse/gaming/bets',
      local: false,
      created: false,
      owner: null,
    });
    expect(node(roots, 'lakehouse/gaming/bets')).toMatchObject({ type: 'table', detail: 'table', description: 'Every bet placed', tableName: null, depth: 2 });
    expect(node(roots, 'lakehouse/gaming/players_v')).toMatchObject({ detail: 'view', description: 'Players' }); // no metadata: the list's comment
    expect(node(roots, 'lakehouse/odd%2Fschema')).toMatchObject({ type: 'schema', name: 'odd/schema', schemaName: 'odd/schema', depth: 1 });
    expect(node(roots, 'finance')).toMatchObject({ type: 'catalog', pk: 2, schemaName: null, parentId: null, depth: 0 });
  });

  it('is empty before the databases are cached', () => {
    expect(buildCatalogTree({ databases: undefined, schemas: new Map(), tables: new Map(), tableMetadata: new Map() }, [])).toEqual([]);
  });
});

describe('buildCatalogTree with local edits', () => {
  it('lays renames, owners and descriptions over server nodes, keeping their ids, marked local', () => {
    const roots = buildCatalogTree(cache, [edit('lakehouse/gaming/bets', { name: 'wagers', owner: 'system', description: 'Mine' })]);
    expect(node(roots, 'lakehouse/gaming/bets')).toMatchObject({ name: 'wagers', owner: 'system', description: 'Mine', serverDescription: 'Every bet placed', local: true, created: false });
    expect(node(roots, 'lakehouse/gaming/bets/id').tableName).toBe('bets'); // the name SQL uses
  });

  it('is not local once an edit is back to the server value', () => {
    const roots = buildCatalogTree(cache, [edit('lakehouse/gaming/bets', { name: 'bets' }), edit('lakehouse/gaming/players_v', { description: 'Players' })]);
    expect(node(roots, 'lakehouse/gaming/bets').local).toBe(false);
    expect(node(roots, 'lakehouse/gaming/players_v').local).toBe(false);
  });

  it('leaves out deleted nodes with their subtree, local children included', () => {
    const roots = buildCatalogTree(cache, [
      created('lakehouse/gaming/new_table', 'lakehouse/gaming', 'table', 'new_table'),
      created('lakehouse/gaming/new_table/c', 'lakehouse/gaming/new_table', 'column', 'c'),
      edit('lakehouse/gaming', { deleted: true }),
    ]);
    expect(names(node(roots, 'lakehouse').children)).toEqual(['odd/schema']);
    expect(findNode(roots, 'lakehouse/gaming/bets')).toBeUndefined();
    expect(findNode(roots, 'lakehouse/gaming/new_table/c')).toBeUndefined();
  });

  it('appends created nodes after the server ones, in creation order, local children under local parents', () => {
    const roots = buildCatalogTree(cache, [
      created('lakehouse/gaming/zz', 'lakehouse/gaming', 'table', 'zz'),
      created('lakehouse/gaming/aa', 'lakehouse/gaming', 'table', 'aa'),
      created('lakehouse/gaming/aa/amount', 'lakehouse/gaming/aa', 'column', 'amount', { created: { parentId: 'lakehouse/gaming/aa', type: 'column', name: 'amount', seq: 99, detail: 'INTEGER' } }),
      created('sandbox', null, 'catalog', 'sandbox'),
    ]);
    expect(names(node(roots, 'lakehouse/gaming').children)).toEqual(['bets', 'players_v', 'zz', 'aa']);
    expect(names(roots)).toEqual(['lakehouse', 'finance', 'sandbox']);
    expect(node(roots, 'lakehouse/gaming/aa')).toMatchObject({ created: true, local: true, serverDescription: null, pk: 1, schemaName: 'gaming', detail: 'table', childrenLoaded: true, depth: 2 });
    expect(node(roots, 'lakehouse/gaming/aa/amount')).toMatchObject({ type: 'column', tableName: 'aa', detail: 'INTEGER', depth: 3 });
    expect(node(roots, 'sandbox')).toMatchObject({ pk: null, type: 'catalog', created: true, depth: 0, parentId: null });
  });

  it('shows a node created under a server node whose children are not loaded yet (which stays not loaded)', () => {
    const roots = buildCatalogTree(cache, [created('finance/ledger', 'finance', 'schema', 'ledger')]);
    expect(node(roots, 'finance')).toMatchObject({ childrenLoaded: false });
    expect(names(node(roots, 'finance').children)).toEqual(['ledger']);
    expect(node(roots, 'finance/ledger')).toMatchObject({ pk: 2, schemaName: 'ledger', created: true });
  });

  it('keeps a created node whose parent is not in the tree out (until the parent shows)', () => {
    expect(buildCatalogTree(cache, [created('finance/ledger/t', 'finance/ledger', 'table', 't')]).length).toBe(2);
  });

  it('a created node the server has too (its id) shows once, as the server node with the overlay', () => {
    const roots = buildCatalogTree(cache, [created('lakehouse/gaming/bets', 'lakehouse/gaming', 'table', 'bets', { owner: 'system' })]);
    expect(names(node(roots, 'lakehouse/gaming').children)).toEqual(['bets', 'players_v']);
    expect(node(roots, 'lakehouse/gaming/bets')).toMatchObject({ created: false, owner: 'system', local: true, childrenLoaded: true });
  });

  it('shows a renamed created node under its new name with its first id', () => {
    const roots = buildCatalogTree(cache, [created('sandbox', null, 'catalog', 'sandbox', { name: 'Scratch' })]);
    expect(node(roots, 'sandbox').name).toBe('Scratch');
  });
});

describe('buildCatalogTree with server search hits', () => {
  const hit = (database_id: number, schema: string, value: string): TableSearchHit => ({
    database_id,
    database_name: database_id === 1 ? 'lakehouse' : 'finance',
    catalog: database_id === 1 ? 'lakehouse' : 'finance',
    schema,
    value,
    type: 'table',
    extra: { comment: 'found' },
  });

  it('shows a found table under its schema, even in a catalog never opened, without marking anything loaded', () => {
    const roots = buildCatalogTree(cache, [], [hit(2, 'ledger', 'journal'), hit(1, 'odd/schema', 'x')]);
    expect(node(roots, 'finance').childrenLoaded).toBe(false);
    expect(node(roots, 'finance/ledger')).toMatchObject({ type: 'schema', childrenLoaded: false });
    expect(node(roots, 'finance/ledger/journal')).toMatchObject({ type: 'table', description: 'found', childrenLoaded: false, pk: 2, schemaName: 'ledger' });
    expect(node(roots, 'lakehouse/odd%2Fschema/x').depth).toBe(2);
  });

  it('does not repeat a table already in the tree, nor show one deleted here', () => {
    const roots = buildCatalogTree(cache, [edit('finance/ledger/journal', { deleted: true })], [hit(1, 'gaming', 'bets'), hit(2, 'ledger', 'journal')]);
    expect(names(node(roots, 'lakehouse/gaming').children)).toEqual(['bets', 'players_v']);
    expect(node(roots, 'finance/ledger').children).toEqual([]);
  });

  const columnHit = (database_id: number, schema: string, table: string, name: string): ColumnSearchHit => ({
    ...hit(database_id, schema, table),
    column: { name, type: 'BIGINT', comment: 'Member id' },
  });

  it('shows a found column under its table, opened or not, and the table still loads all its columns', () => {
    const hits = [columnHit(1, 'gaming', 'players_v', 'member_id'), columnHit(2, 'ledger', 'journal', 'member_id')];
    const roots = buildCatalogTree(cache, [], hits);
    expect(node(roots, 'lakehouse/gaming/players_v/member_id')).toMatchObject({ type: 'column', detail: 'BIGINT', description: 'Member id', tableName: 'players_v', depth: 3 });
    expect(node(roots, 'lakehouse/gaming/players_v').childrenLoaded).toBe(false);
    expect(node(roots, 'finance/ledger/journal/member_id')).toMatchObject({ type: 'column', pk: 2, schemaName: 'ledger' });
    const found = searchTree(indexTree(roots), 'member_id');
    expect(found?.count).toBe(2);
  });

  it('does not add a found column to a table whose columns are loaded (nor repeat one)', () => {
    const roots = buildCatalogTree(cache, [], [columnHit(1, 'gaming', 'bets', 'id'), columnHit(1, 'gaming', 'bets', 'ghost')]);
    expect(names(node(roots, 'lakehouse/gaming/bets').children)).toEqual(['id', 'stake']);
  });
});

describe('indexTree', () => {
  it('flattens depth-first with parent positions, subtree ends and lowercased names', () => {
    const index = indexTree(buildCatalogTree(cache, [edit('finance', { name: 'FINANCE' })]));
    expect(index.nodes.map((n) => n.id)).toEqual([
      'lakehouse',
      'lakehouse/gaming',
      'lakehouse/gaming/bets',
      'lakehouse/gaming/bets/id',
      'lakehouse/gaming/bets/stake',
      'lakehouse/gaming/players_v',
      'lakehouse/odd%2Fschema',
      'finance',
    ]);
    expect([...index.parents]).toEqual([-1, 0, 1, 2, 2, 1, 0, -1]);
    expect([...index.ends]).toEqual([7, 6, 5, 4, 5, 6, 7, 8]);
    expect(index.lowerNames.at(-1)).toBe('finance');
    expect(nodeById(index, 'lakehouse/gaming/bets')?.name).toBe('bets');
    expect(nodeById(index, 'lakehouse/nope')).toBeUndefined();
  });
});

/** The matches of a search by id, with their highlight ranges; and every node it keeps shown. */
const matchesOf = (result: SearchResult) => result.index.nodes.flatMap((node, at) => (result.kept[at] === MATCH ? [[node.id, matchRange(result, at)]] : []));
const keptOf = (result: SearchResult) => result.index.nodes.filter((_, at) => result.kept[at] !== 0).map((node) => node.id);

describe('searchTree', () => {
  const roots = buildCatalogTree(cache, [edit('lakehouse/gaming/players_v', { name: 'Punters' })]);
  const index = indexTree(roots);

  it('is no search for empty or blank text', () => {
    expect(searchTree(index, '')).toBeNull();
    expect(searchTree(index, '   ')).toBeNull();
  });

  it('matches a substring of the shown name, ignoring case, with the range to highlight', () => {
    const result = searchTree(index, 'TAK')!;
    expect(result.count).toBe(1);
    expect(matchesOf(result)).toEqual([['lakehouse/gaming/bets/stake', [1, 4]]]);
    expect(matchesOf(searchTree(index, 'punt')!)).toEqual([['lakehouse/gaming/players_v', [0, 4]]]); // the local name
    expect(searchTree(index, 'players')).toMatchObject({ count: 0 });
  });

  it('keeps the matches and their ancestors, nothing else', () => {
    const result = searchTree(index, ' Stake ')!;
    expect(keptOf(result).sort()).toEqual(['lakehouse', 'lakehouse/gaming', 'lakehouse/gaming/bets', 'lakehouse/gaming/bets/stake']);
    expect(result.text).toBe('stake');
  });

  it('counts every match, ancestors that match too', () => {
    const result = searchTree(index, 'e')!;
    expect(result.count).toBe(index.lowerNames.filter((name) => name.includes('e')).length);
    expect(keptOf(result)).toContain('finance');
  });

  it('searches 100,000 nodes (10 catalogs × 20 schemas × 500 tables)', () => {
    const big = bigCache();
    const bigIndex = indexTree(buildCatalogTree(big, []));
    expect(bigIndex.nodes.length).toBe(10 + 200 + 100_000);
    const result = searchTree(bigIndex, 'TABLE_499')!;
    expect(result.count).toBe(200);
    expect(keptOf(result)).toHaveLength(200 + 200 + 10);
  });
});

function bigCache(): CatalogCache {
  const schemas = new Map<number, string[]>();
  const tables = new Map<string, TableOption[]>();
  for (let db = 1; db <= 10; db++) {
    const list = Array.from({ length: 20 }, (_, s) => `schema_${s}`);
    schemas.set(db, list);
    for (const schema of list) tables.set(cacheKeys.tables(db, schema), Array.from({ length: 500 }, (_, t) => ({ value: `table_${t}`, type: 'table' as const, extra: {} })));
  }
  const dbs = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, database_name: `catalog_${i}` })) as BiDatabase[];
  return { databases: dbs, schemas, tables, tableMetadata: new Map() };
}

/** Every row of a list, made one by one as the tree makes the rows on screen. */
const allRows = (list: RowList): VisibleRow[] => Array.from({ length: list.length }, (_, at) => list.at(at));

describe('visibleRows', () => {
  const roots = buildCatalogTree(cache, []);
  const index = indexTree(roots);
  const rowsOf = (expanded: ReadonlySet<string>, search: ReturnType<typeof searchTree> = null) => allRows(visibleRows(index, expanded, search));
  const summary = (rows: VisibleRow[]) => rows.map((r) => `${'  '.repeat(r.level - 1)}${r.node.name} ${r.posInSet}/${r.setSize}${r.expanded ? ' open' : ''}${r.match ? ` [${r.match.join(',')}]` : ''}`);

  it('shows the children of expanded nodes only, depth-first, with aria levels and positions', () => {
    expect(summary(rowsOf(new Set(['lakehouse', 'lakehouse/gaming', 'lakehouse/gaming/players_v', 'lakehouse/gaming/bets/id'])))).toEqual([
      'lakehouse 1/2 open',
      '  gaming 1/2 open',
      '    bets 1/2', // its columns are loaded, but it is closed
      '    players_v 2/2 open', // open, children not loaded yet: the UI shows it loading
      '  odd/schema 2/2',
      'finance 2/2',
    ]);
  });

  it('says which rows can expand: not columns', () => {
    const rows = rowsOf(new Set(['lakehouse', 'lakehouse/gaming', 'lakehouse/gaming/bets']));
    expect(rows.filter((r) => !r.expandable).map((r) => r.node.type)).toEqual(['column', 'column']);
  });

  it('with a search shows only matches and their ancestors, opened by themselves', () => {
    const search = searchTree(index, 'stak')!;
    expect(summary(rowsOf(new Set(), search))).toEqual(['lakehouse 1/1 open', '  gaming 1/1 open', '    bets 1/1 open', '      stake 1/1 [0,4]']);
  });

  it('a match the user expands shows all its children; other matches stay closed', () => {
    const search = searchTree(index, 'bets')!;
    expect(summary(rowsOf(new Set(), search))).toEqual(['lakehouse 1/1 open', '  gaming 1/1 open', '    bets 1/1 [0,4]']);
    expect(summary(rowsOf(new Set(['lakehouse/gaming/bets']), search))).toEqual([
      'lakehouse 1/1 open',
      '  gaming 1/1 open',
      '    bets 1/1 open [0,4]',
      '      id 1/2',
      '      stake 2/2',
    ]);
  });

  it('a node the user closed during a search shows closed, and the rest of the search stays', () => {
    const search = searchTree(index, 'a')!;
    const open = rowsOf(new Set(), search).map((row) => row.node.id);
    expect(open).toContain('lakehouse/gaming/bets/stake');
    const closed = allRows(visibleRows(index, new Set(), search, new Set(['lakehouse/gaming'])));
    expect(summary(closed).slice(0, 3)).toEqual(['lakehouse 1/2 open [1,2]', '  gaming 1/2 [1,2]', '  odd/schema 2/2 [9,10]']);
    expect(closed.map((row) => row.node.id)).not.toContain('lakehouse/gaming/bets');
    expect(closed.map((row) => row.node.id)).toContain('finance');
  });

  it('numbers siblings among the shown ones only, in a big schema too (aria-posinset / aria-setsize)', () => {
    const big = indexTree(buildCatalogTree(bigCache(), []));
    const open = new Set(['catalog_0', 'catalog_0/schema_0']);
    const list = visibleRows(big, open);
    const tables = allRows(list).filter((row) => row.node.type === 'table');
    expect(tables).toHaveLength(500);
    tables.forEach((row, i) => expect([row.posInSet, row.setSize]).toEqual([i + 1, 500]));
    expect([list.at(502).node.name, list.at(502).posInSet, list.at(502).setSize]).toEqual(['schema_1', 2, 20]);

    const found = allRows(visibleRows(big, open, searchTree(big, 'table_4'))).filter((row) => row.node.id.startsWith('catalog_0/schema_0/'));
    expect(found).toHaveLength(111); // table_4, table_40–49, table_400–499
    found.forEach((row, i) => expect([row.posInSet, row.setSize]).toEqual([i + 1, 111]));
  });

  it('finds the display position of a shown node, -1 for a hidden or unknown one', () => {
    const list = visibleRows(index, new Set(['lakehouse', 'lakehouse/gaming', 'lakehouse/gaming/bets']));
    const names = allRows(list).map((row) => row.node.id);
    names.forEach((id, at) => expect(list.indexOf(id)).toBe(at));
    expect(list.nodeAt(3).id).toBe(names[3]);
    expect(list.indexOf('lakehouse/gaming/players_v/x')).toBe(-1);
    expect(list.indexOf('finance/nope')).toBe(-1);
    expect(visibleRows(index, new Set()).indexOf('lakehouse/gaming')).toBe(-1); // under a closed node
  });

  it('with a search that matches nothing, shows nothing', () => {
    expect(rowsOf(new Set(['lakehouse']), searchTree(index, 'zzz'))).toEqual([]);
  });
});

describe('treeKey (WAI-ARIA tree keyboard)', () => {
  const roots = buildCatalogTree(cache, []);
  const expanded = new Set(['lakehouse', 'lakehouse/gaming', 'lakehouse/gaming/bets']);
  // lakehouse, gaming, bets, id, stake, players_v, odd/schema, finance
  const index = indexTree(roots);
  const rows = visibleRows(index, expanded);
  const key = (focused: string | null, k: string) => treeKey(rows, focused, k);

  it('ArrowDown / ArrowUp move to the next / previous visible row, and stop at the ends', () => {
    expect(key('lakehouse/gaming/bets/stake', 'ArrowDown')).toEqual({ focus: 'lakehouse/gaming/players_v' });
    expect(key('lakehouse/gaming/players_v', 'ArrowUp')).toEqual({ focus: 'lakehouse/gaming/bets/stake' });
    expect(key('finance', 'ArrowDown')).toEqual({});
    expect(key('lakehouse', 'ArrowUp')).toEqual({});
  });

  it('ArrowRight expands a closed node, moves into an open one, and does nothing on a leaf', () => {
    expect(key('finance', 'ArrowRight')).toEqual({ expand: 'finance' });
    expect(key('lakehouse/gaming', 'ArrowRight')).toEqual({ focus: 'lakehouse/gaming/bets' });
    expect(key('lakehouse/gaming/bets/id', 'ArrowRight')).toEqual({});
  });

  it('ArrowRight on an open node whose children are still loading stays', () => {
    const loading = new Set(['finance']);
    expect(treeKey(visibleRows(index, loading), 'finance', 'ArrowRight')).toEqual({});
  });

  it('ArrowLeft collapses an open node, else moves to the parent; a root stays', () => {
    expect(key('lakehouse/gaming', 'ArrowLeft')).toEqual({ collapse: 'lakehouse/gaming' });
    expect(key('lakehouse/gaming/bets/stake', 'ArrowLeft')).toEqual({ focus: 'lakehouse/gaming/bets' });
    expect(key('lakehouse/gaming/players_v', 'ArrowLeft')).toEqual({ focus: 'lakehouse/gaming' });
    expect(key('finance', 'ArrowLeft')).toEqual({});
  });

  it('ArrowLeft closes a node a search opened, and then goes to its parent', () => {
    const search = searchTree(index, 'stake')!;
    expect(treeKey(visibleRows(index, new Set(), search), 'lakehouse/gaming/bets', 'ArrowLeft')).toEqual({ collapse: 'lakehouse/gaming/bets' });
    const closed = visibleRows(index, new Set(), search, new Set(['lakehouse/gaming/bets']));
    expect(treeKey(closed, 'lakehouse/gaming/bets', 'ArrowLeft')).toEqual({ focus: 'lakehouse/gaming' });
  });

  it('Home / End go to the first / last visible row', () => {
    expect(key('lakehouse/gaming/bets', 'Home')).toEqual({ focus: 'lakehouse' });
    expect(key('lakehouse/gaming/bets', 'End')).toEqual({ focus: 'finance' });
  });

  it('Enter activates (selects) the focused node', () => {
    expect(key('lakehouse/gaming/bets', 'Enter')).toEqual({ activate: 'lakehouse/gaming/bets' });
  });

  it('* expands the closed expandable siblings', () => {
    expect(key('lakehouse/gaming/bets', '*')).toEqual({ expandAll: ['lakehouse/gaming/players_v'] });
    expect(key('finance', '*')).toEqual({ expandAll: ['finance'] });
  });

  it('a letter moves to the next visible row whose name starts with it, wrapping', () => {
    expect(key('lakehouse', 'B')).toEqual({ focus: 'lakehouse/gaming/bets' });
    expect(key('finance', 'l')).toEqual({ focus: 'lakehouse' });
    expect(key('lakehouse', 'q')).toEqual({});
  });

  it('with no focused row, a navigation key focuses the first row; other keys do nothing', () => {
    expect(key(null, 'ArrowDown')).toEqual({ focus: 'lakehouse' });
    expect(key('gone', 'Home')).toEqual({ focus: 'lakehouse' });
    expect(key('gone', 'End')).toEqual({ focus: 'finance' });
    expect(key(null, 'Tab')).toEqual({});
    expect(treeKey(NO_ROWS, null, 'ArrowDown')).toEqual({});
  });

  it('ignores keys it does not handle', () => {
    expect(key('lakehouse', 'Tab')).toEqual({});
    expect(key('lakehouse', ' ')).toEqual({});
  });
});
