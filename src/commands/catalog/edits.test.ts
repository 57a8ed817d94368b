import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BiDatabase, TableMetadata } from '../../../contracts/biCatalog';
import { buildCatalogTree, cacheKeys, findNode } from '../../model/catalog/tree';
import type { CatalogCache } from '../../model/catalog/types';
import { rebuildProjections } from '../../db/append';
import { catalogEditRows, catalogUndoState } from '../../db/catalogEdits';
import type { Identity } from '../../db/identity';
import { ConsoleDb } from '../../db/schema';
import { freshDbs } from '../../db/testing/db';
import {
  createCatalogCommands,
  EMPTY_NAME_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  NOTHING_TO_REDO_MESSAGE,
  NOT_THE_LAST_EDIT_MESSAGE,
  NOTHING_TO_UNDO_MESSAGE,
  ownerChoices,
  UNKNOWN_NODE_MESSAGE,
  type CatalogCommandResult,
} from './edits';

const freshDb = freshDbs('catalogEdits');
const me: Identity = { clientId: 'client', tabId: 'tab' };
const EMAIL = 'ann@example.com';

/** lakehouse (1) → gaming → bets (columns id, stake) and players_v; finance (2) never opened. */
const cache: CatalogCache = {
  databases: [
    { id: 1, database_name: 'lakehouse' },
    { id: 2, database_name: 'finance' },
  ] as BiDatabase[],
  schemas: new Map([[1, ['gaming']]]),
  tables: new Map([
    [
      cacheKeys.tables(1, 'gaming'),
      [
        { value: 'bets', type: 'table', extra: { comment: 'Every bet' } },
        { value: 'players_v', type: 'view', extra: {} },
      ],
    ],
  ]),
  tableMetadata: new Map([
    [
      cacheKeys.table(1, 'gaming', 'bets'),
      { name: 'bets', columns: [{ name: 'id', type: 'BIGINT', longType: 'BIGINT', comment: null }], comment: 'Every bet', rowCount: 1 } as TableMetadata,
    ],
  ]),
};

function setup(db = freshDb(), identity = me) {
  const commands = createCatalogCommands({ db, identity, notify: () => {}, username: 'ann', email: EMAIL, cache: () => cache });
  const tree = async () => buildCatalogTree(cache, await catalogEditRows(db));
  const nodeOf = async (id: string) => findNode(await tree(), id);
  const childNames = async (id: string) => (await nodeOf(id))?.children.map((n) => n.name);
  return { db, commands, tree, nodeOf, childNames };
}

const types = (result: CatalogCommandResult) => (result.ok ? result.events.map((e) => e.type) : result.reason);

describe('creating', () => {
  it('a catalog: an event on the catalog aggregate, shown at the end of the roots, marked local', async () => {
    const { db, commands, tree, nodeOf } = setup();
    const result = await commands.createCatalog('  sandbox ');
    expect(result).toMatchObject({ ok: true, nodeId: 'sandbox', events: [{ type: 'CatalogNodeCreated', aggregateId: 'catalog', origin: 'local' }] });
    expect((await tree()).map((n) => n.name)).toEqual(['lakehouse', 'finance', 'sandbox']);
    expect(await nodeOf('sandbox')).toMatchObject({ type: 'catalog', created: true, local: true, pk: null });
    expect(await db.catalogEdits.get('sandbox')).toMatchObject({ created: { parentId: null, type: 'catalog', name: 'sandbox' }, deleted: false });
  });

  it('a schema under a catalog, even one whose schemas are not loaded yet', async () => {
    const { commands, nodeOf } = setup();
    expect(await commands.createSchema('finance', 'ledger')).toMatchObject({ ok: true, nodeId: 'finance/ledger' });
    expect(await nodeOf('finance/ledger')).toMatchObject({ type: 'schema', pk: 2, schemaName: 'ledger' });
    expect(await commands.createSchema('lakehouse/gaming/bets', 'x')).toMatchObject({ ok: false, reason: 'invalid-parent' });
  });

  it('addChild makes a table under a schema and a column (with its type) under a table; columns hold nothing', async () => {
    const { commands, nodeOf } = setup();
    expect(await commands.addChild('lakehouse/gaming', 'odd/name')).toMatchObject({ ok: true, nodeId: 'lakehouse/gaming/odd%2Fname' });
    expect(await nodeOf('lakehouse/gaming/odd%2Fname')).toMatchObject({ type: 'table', name: 'odd/name', detail: 'table' });
    expect(await commands.addChild('lakehouse/gaming/bets', 'amount', 'DECIMAL(18,2)')).toMatchObject({ ok: true });
    expect(await nodeOf('lakehouse/gaming/bets/amount')).toMatchObject({ type: 'column', detail: 'DECIMAL(18,2)', tableName: 'bets' });
    expect(await commands.addChild('lakehouse/gaming/bets/id', 'x')).toMatchObject({ ok: false, reason: 'invalid-parent' });
  });

  it('refuses empty, blank and too long names; a name at the limit is fine', async () => {
    const { commands } = setup();
    expect(await commands.createCatalog('')).toEqual({ ok: false, reason: 'invalid-name', message: EMPTY_NAME_MESSAGE });
    expect(await commands.createCatalog(' \t ')).toEqual({ ok: false, reason: 'invalid-name', message: EMPTY_NAME_MESSAGE });
    expect(await commands.createCatalog('x'.repeat(129))).toEqual({ ok: false, reason: 'invalid-name', message: NAME_TOO_LONG_MESSAGE });
    expect(await commands.createCatalog('x'.repeat(128))).toMatchObject({ ok: true });
  });

  it('refuses a sibling of the same name, ignoring case, server or local', async () => {
    const { commands } = setup();
    expect(await commands.addChild('lakehouse/gaming', 'BETS')).toEqual({ ok: false, reason: 'duplicate-name', message: '“gaming” already has a table named “BETS”.' });
    await commands.createCatalog('Sandbox');
    expect(await commands.createCatalog('sandbox')).toEqual({ ok: false, reason: 'duplicate-name', message: 'There is already a catalog named “sandbox”.' });
    expect(await commands.createSchema('Sandbox', 'Gaming')).toMatchObject({ ok: true }); // another parent
  });

  it('a deleted sibling does not clash; the new node gets an id of its own', async () => {
    const { commands, childNames } = setup();
    await commands.remove('lakehouse/gaming/bets');
    expect(await commands.addChild('lakehouse/gaming', 'bets')).toMatchObject({ ok: true, nodeId: 'lakehouse/gaming/bets~2' });
    expect(await childNames('lakehouse/gaming')).toEqual(['players_v', 'bets']);
  });

  it('refuses a parent that is not in the tree', async () => {
    const { commands } = setup();
    expect(await commands.addChild('nowhere', 'x')).toEqual({ ok: false, reason: 'unknown-node', message: UNKNOWN_NODE_MESSAGE });
    await commands.remove('lakehouse/gaming');
    expect(await commands.addChild('lakehouse/gaming', 'x')).toMatchObject({ ok: false, reason: 'unknown-node' });
  });

  it('two browser tabs adding the same name at once: one wins, the other is refused', async () => {
    const { db } = setup();
    const other = new ConsoleDb(db.name);
    const a = setup(db).commands;
    const b = setup(other, { clientId: 'client', tabId: 'tab-2' }).commands;
    const results = await Promise.all([a.createCatalog('sandbox'), b.createCatalog('SANDBOX')]);
    other.close();
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
  });
});

describe('editing', () => {
  it('rename shows the new name under the same id, with what it was in the event', async () => {
    const { commands, nodeOf } = setup();
    const result = await commands.rename('lakehouse/gaming/bets', ' wagers ');
    expect(result).toMatchObject({ ok: true, nodeId: 'lakehouse/gaming/bets', events: [{ type: 'CatalogNodeRenamed', payload: { id: 'lakehouse/gaming/bets', name: 'wagers', from: 'bets' } }] });
    expect(await nodeOf('lakehouse/gaming/bets')).toMatchObject({ name: 'wagers', local: true });
  });

  it('rename to the same name writes nothing; a change of case is a rename; a sibling name is refused', async () => {
    const { commands } = setup();
    expect(types(await commands.rename('lakehouse/gaming/bets', 'bets'))).toEqual([]);
    expect(types(await commands.rename('lakehouse/gaming/bets', 'Bets'))).toEqual(['CatalogNodeRenamed']);
    expect(types(await commands.rename('lakehouse/gaming/bets', 'PLAYERS_V'))).toBe('duplicate-name');
    expect(types(await commands.rename('lakehouse/gaming/bets', ''))).toBe('invalid-name');
  });

  it('rename, remove, owner and description of a node not in the tree are refused', async () => {
    const { commands } = setup();
    for (const result of [
      await commands.rename('lakehouse/nope', 'x'),
      await commands.remove('lakehouse/nope'),
      await commands.setOwner('lakehouse/nope', 'system'),
      await commands.setDescription('lakehouse/nope', 'x'),
    ])
      expect(result).toEqual({ ok: false, reason: 'unknown-node', message: UNKNOWN_NODE_MESSAGE });
    await commands.remove('lakehouse/gaming');
    expect(types(await commands.rename('lakehouse/gaming/bets', 'x'))).toBe('unknown-node'); // under a deleted schema
    expect(types(await commands.remove('lakehouse/gaming'))).toBe('unknown-node');
  });

  it('remove takes the node and its subtree out of the tree, keeping a tombstone', async () => {
    const { db, commands, nodeOf, childNames } = setup();
    await commands.addChild('lakehouse/gaming/bets', 'amount');
    expect(types(await commands.remove('lakehouse/gaming/bets'))).toEqual(['CatalogNodeDeleted']);
    expect(await childNames('lakehouse/gaming')).toEqual(['players_v']);
    expect(await nodeOf('lakehouse/gaming/bets/amount')).toBeUndefined();
    expect(await db.catalogEdits.get('lakehouse/gaming/bets')).toMatchObject({ deleted: true });
  });

  it('owner is one of the two choices (or null to clear)', async () => {
    const { commands, nodeOf } = setup();
    expect(commands.ownerChoices).toEqual(['system', EMAIL]);
    expect(ownerChoices('b@example.com')).toEqual(['system', 'b@example.com']);
    expect(await commands.setOwner('lakehouse', 'mallory')).toEqual({ ok: false, reason: 'invalid-owner', message: `Choose the owner from the list: system or ${EMAIL}.` });
    expect(await commands.setOwner('lakehouse', EMAIL)).toMatchObject({ ok: true, events: [{ payload: { id: 'lakehouse', owner: EMAIL, from: null } }] });
    expect(await nodeOf('lakehouse')).toMatchObject({ owner: EMAIL, local: true });
    expect(types(await commands.setOwner('lakehouse', EMAIL))).toEqual([]);
    expect(await commands.setOwner('lakehouse', null)).toMatchObject({ events: [{ payload: { owner: null, from: EMAIL } }] });
    expect(await nodeOf('lakehouse')).toMatchObject({ owner: null, local: false });
  });

  it('the username is the owner choice when the profile has no email', () => {
    const commands = createCatalogCommands({ db: freshDb(), identity: me, notify: () => {}, username: 'ann', cache: () => cache });
    expect(commands.ownerChoices).toEqual(['system', 'ann']);
  });

  it('description overrides the server comment; the same text writes nothing; too long is refused', async () => {
    const { commands, nodeOf } = setup();
    expect(types(await commands.setDescription('lakehouse/gaming/bets', 'Every bet'))).toEqual([]); // the server's already
    expect(await commands.setDescription('lakehouse/gaming/bets', ' Bets, settled or not ')).toMatchObject({
      events: [{ payload: { description: 'Bets, settled or not', from: null } }],
    });
    expect(await nodeOf('lakehouse/gaming/bets')).toMatchObject({ description: 'Bets, settled or not', local: true });
    expect(types(await commands.setDescription('lakehouse/gaming/bets', 'x'.repeat(2001)))).toBe('invalid-description');
    await commands.setDescription('lakehouse/gaming/bets', null);
    expect(await nodeOf('lakehouse/gaming/bets')).toMatchObject({ description: 'Every bet', local: false });
  });
});

describe('undo and redo', () => {
  /** Runs an action, then checks undo brings `before` back and redo `after`, through the commands. */
  async function roundTrip(act: (ctx: ReturnType<typeof setup>) => Promise<CatalogCommandResult>, look: (ctx: ReturnType<typeof setup>) => Promise<unknown>) {
    const ctx = setup();
    const before = await look(ctx);
    expect(await act(ctx)).toMatchObject({ ok: true });
    const after = await look(ctx);
    expect(after).not.toEqual(before);
    expect(await ctx.commands.undo()).toMatchObject({ ok: true, events: [{ payload: { undoOf: expect.any(String) } }] });
    expect(await look(ctx)).toEqual(before);
    expect(await ctx.commands.redo()).toMatchObject({ ok: true, events: [{ payload: { redoOf: expect.any(String) } }] });
    expect(await look(ctx)).toEqual(after);
    return ctx;
  }
  const shown = (id: string) => async (ctx: ReturnType<typeof setup>) => {
    const node = await ctx.nodeOf(id);
    return node && { name: node.name, owner: node.owner, description: node.description, local: node.local, children: node.children.map((c) => c.name) };
  };

  it('create catalog', () => roundTrip((c) => c.commands.createCatalog('sandbox'), shown('sandbox')));
  it('create schema', () => roundTrip((c) => c.commands.createSchema('lakehouse', 'staging'), shown('lakehouse')));
  it('add table', () => roundTrip((c) => c.commands.addChild('lakehouse/gaming', 'payouts'), shown('lakehouse/gaming')));
  it('add column', () => roundTrip((c) => c.commands.addChild('lakehouse/gaming/bets', 'amount', 'INTEGER'), shown('lakehouse/gaming/bets')));
  it('rename', () => roundTrip((c) => c.commands.rename('lakehouse/gaming/bets', 'wagers'), shown('lakehouse/gaming/bets')));
  it('remove', () => roundTrip((c) => c.commands.remove('lakehouse/gaming/bets'), shown('lakehouse/gaming')));
  it('set owner', () => roundTrip((c) => c.commands.setOwner('lakehouse/gaming', 'system'), shown('lakehouse/gaming')));
  it('set description', () => roundTrip((c) => c.commands.setDescription('lakehouse/gaming/bets', 'Mine'), shown('lakehouse/gaming/bets')));

  it('names a hidden server table "Hide … in this browser" and a deleted local one "Delete …"', async () => {
    const { db, commands } = setup();
    await commands.remove('lakehouse/gaming/bets');
    expect(await catalogUndoState(db)).toMatchObject({ undoLabel: 'Hide “bets” in this browser' });
    await commands.addChild('lakehouse/gaming', 'payouts');
    await commands.remove('lakehouse/gaming/payouts');
    expect(await catalogUndoState(db)).toMatchObject({ undoLabel: 'Delete “payouts”' });
  });

  it('steps back through several edits in order, and a new edit clears redo', async () => {
    const { db, commands, nodeOf } = setup();
    await commands.addChild('lakehouse/gaming', 'payouts');
    await commands.rename('lakehouse/gaming/payouts', 'payments');
    await commands.setOwner('lakehouse/gaming/payouts', 'system');
    expect(await catalogUndoState(db)).toEqual({
      canUndo: true,
      canRedo: false,
      undoLabel: 'Set the owner of “payouts”',
      redoLabel: null,
    });
    await commands.undo();
    await commands.undo();
    expect(await nodeOf('lakehouse/gaming/payouts')).toMatchObject({ name: 'payouts', owner: null });
    expect(await catalogUndoState(db)).toMatchObject({ undoLabel: 'Add table “payouts”', redoLabel: 'Rename “payouts” to “payments”' });
    await commands.undo();
    expect(await nodeOf('lakehouse/gaming/payouts')).toBeUndefined();
    expect(await commands.undo()).toEqual({ ok: false, reason: 'nothing-to-undo', message: NOTHING_TO_UNDO_MESSAGE });
    await commands.redo();
    expect(await nodeOf('lakehouse/gaming/payouts')).toMatchObject({ name: 'payouts', created: true });
    await commands.remove('lakehouse/gaming/players_v');
    expect(await commands.redo()).toEqual({ ok: false, reason: 'nothing-to-redo', message: NOTHING_TO_REDO_MESSAGE });
  });

  it('undoing one given edit (the delete toast) works only while it is the last; it never undoes a later one', async () => {
    const { commands, childNames } = setup();
    const removed = await commands.remove('lakehouse/gaming/bets');
    if (!removed.ok) throw new Error(removed.message);
    const deleteId = removed.events[0].id;
    await commands.addChild('lakehouse/gaming', 'bets'); // the name is free again
    expect(await commands.undo(deleteId)).toEqual({ ok: false, reason: 'not-the-last-edit', message: NOT_THE_LAST_EDIT_MESSAGE });
    expect(await childNames('lakehouse/gaming')).toEqual(['players_v', 'bets']); // nothing changed, no second "bets"
    await commands.undo(); // the add
    expect(await commands.undo(deleteId)).toMatchObject({ ok: true, nodeId: 'lakehouse/gaming/bets' });
    expect(await childNames('lakehouse/gaming')).toEqual(['bets', 'players_v']);
    expect(await commands.undo(deleteId)).toEqual({ ok: false, reason: 'nothing-to-undo', message: NOTHING_TO_UNDO_MESSAGE });
  });

  it('a created node undone and redone comes back in its place', async () => {
    const { commands, childNames } = setup();
    await commands.addChild('lakehouse/gaming', 'a');
    await commands.addChild('lakehouse/gaming', 'b');
    await commands.remove('lakehouse/gaming/a');
    await commands.undo();
    expect(await childNames('lakehouse/gaming')).toEqual(['bets', 'players_v', 'a', 'b']);
  });
});

describe('persistence', () => {
  it('edits survive a reload (another connection) and a rebuild of the projection from the log', async () => {
    const { db, commands } = setup();
    await commands.createCatalog('sandbox');
    await commands.rename('lakehouse/gaming/bets', 'wagers');
    await commands.remove('lakehouse/gaming/players_v');
    const rows = await catalogEditRows(db);
    const reopened = new ConsoleDb(db.name);
    expect(await catalogEditRows(reopened)).toEqual(rows);
    await rebuildProjections(reopened);
    expect(await catalogEditRows(reopened)).toEqual(rows);
    reopened.close();
  });
});
