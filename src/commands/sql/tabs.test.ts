import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { ExecuteResponse } from '../../../contracts/bi';
import { append, rebuildProjections } from '../../db/append';
import { newEvent, type Identity } from '../../db/identity';
import { sqlTabInverse } from '../../model/sqlTab/inverse';
import { ConsoleDb } from '../../db/schema';
import { putResults, getResults } from '../../db/sqlResults';
import { activeTabId, closedTabs, openTabs } from '../../db/sqlTabs';
import {
  EMPTY_TAB_NAME_MESSAGE,
  EMPTY_TAB_SQL,
  LAST_TAB_MESSAGE,
  NEW_TAB_SQL,
  NO_CLOSED_TAB_MESSAGE,
  SERVER_TAB_MESSAGE,
  TAB_NAME_TOO_LONG_MESSAGE,
} from '../../model/sqlTab/rules';
import { freshDbs } from '../../db/testing/db';
import { aggregateHistory, undoState } from '../../db/undo';
import { createSqlTabCommands, type SqlTabCommandResult } from './tabs';

const freshDb = freshDbs('sqlTabs');
const me: Identity = { clientId: 'client', tabId: 'tab' };
const notify = () => {};

/** Commands on a fresh database whose tab ids are T1, T2, … */
function setup(db = freshDb()) {
  let n = 0;
  const commands = createSqlTabCommands({ db, identity: me, notify, username: 'admin', newTabId: () => `T${++n}` });
  return { db, commands };
}

const getTab = (db: ConsoleDb, id: string) => db.sqlTabs.get(id);

/** Whether the tab has something to undo and to redo, as its history says. */
async function tabUndoState(db: ConsoleDb, tabId: string) {
  const history = await aggregateHistory(db, tabId);
  const { undoable, redoable } = undoState(history, sqlTabInverse(history));
  return { canUndo: undoable !== null, canRedo: redoable !== null };
}

/** A workbench with tabs T1..Tn open (T1 opened first); the last one opened is active. */
async function withTabs(count: number) {
  const ctx = setup();
  await ctx.commands.restore();
  for (let i = 1; i < count; i++) await ctx.commands.openTab();
  return ctx;
}

const ids = async (db: ConsoleDb) => (await openTabs(db)).map((t) => t.id);
const eventTypes = (result: SqlTabCommandResult) => (result.ok ? result.events.map((e) => `${e.type}:${e.aggregateId}`) : result.reason);

describe('restore', () => {
  it('with no tabs opens "Untitled 1" with the starter text, made active', async () => {
    const { db, commands } = setup();
    const restored = await commands.restore();
    expect(restored).toMatchObject({ ok: true, tabId: 'T1' });
    expect(await openTabs(db)).toHaveLength(1);
    expect(await getTab(db, 'T1')).toMatchObject({ name: 'Untitled 1', sql: NEW_TAB_SQL, createdBy: 'admin', isClosed: false });
    expect(await activeTabId(db)).toBe('T1');
  });

  it('keeps what is there and writes nothing when a tab is active', async () => {
    const { db, commands } = await withTabs(2);
    const before = await db.events.count();
    expect(await commands.restore()).toMatchObject({ tabId: 'T2', events: [] });
    expect(await db.events.count()).toBe(before);
  });

  it('activates the first tab when none is active', async () => {
    const { db, commands } = setup();
    const opened = (id: string) =>
      newEvent(me, {
        type: 'SqlTabOpened',
        aggregateId: id,
        payload: { id, name: id, sql: 'select 1', databaseId: 1, catalog: null, schema: null, createdBy: 'x', createdAt: 0 },
      });
    await append(db, [opened('B'), opened('A')]); // opened in the background: none activated
    expect(await activeTabId(db)).toBeNull();
    expect(await commands.restore()).toMatchObject({ tabId: 'B' });
    expect(await activeTabId(db)).toBe('B');
  });

  it('two browser tabs loading at once make one tab', async () => {
    const { db } = setup();
    const other = new ConsoleDb(db.name);
    const a = createSqlTabCommands({ db, identity: me, notify, username: 'admin' });
    const b = createSqlTabCommands({ db: other, identity: { clientId: 'client', tabId: 'tab-2' }, notify, username: 'admin' });
    await Promise.all([a.restore(), b.restore()]);
    other.close();
    expect((await openTabs(db)).map((t) => t.name)).toEqual(['Untitled 1']);
  });
});

describe('openTab', () => {
  it('names the tab with the smallest free number, activates it and starts at the active tab’s schema', async () => {
    const { db, commands } = setup();
    await commands.restore();
    await commands.changeLocation('T1', { databaseId: 3, catalog: 'cat', schema: 'sales' });
    await commands.openTab();
    await commands.rename('T1', 'Mine');
    await commands.openTab();
    expect((await openTabs(db)).map((t) => t.name)).toEqual(['Mine', 'Untitled 2', 'Untitled 1']);
    expect(await getTab(db, 'T2')).toMatchObject({ databaseId: 3, catalog: 'cat', schema: 'sales', sql: NEW_TAB_SQL });
    expect(await activeTabId(db)).toBe('T3');
  });

  it('takes what it is given', async () => {
    const { db, commands } = setup();
    const result = await commands.openTab({ id: 'saved-1', name: 'Saved', sql: 'select 2', databaseId: 1, schema: 's' });
    expect(result).toMatchObject({ ok: true, tabId: 'saved-1' });
    expect(await getTab(db, 'saved-1')).toMatchObject({ name: 'Saved', sql: 'select 2', databaseId: 1, schema: 's', catalog: null });
  });

  it('an explicit null location is kept; a missing one comes from the active tab', async () => {
    const { db, commands } = await withTabs(1);
    await commands.changeLocation('T1', { databaseId: 3, catalog: 'cat', schema: 'sales' });
    await commands.openTab({ schema: null });
    expect(await getTab(db, 'T2')).toMatchObject({ databaseId: 3, catalog: 'cat', schema: null });
  });

  it('validates a given name', async () => {
    const { db, commands } = setup();
    expect(await commands.openTab({ name: '  ' })).toEqual({ ok: false, reason: 'invalid-name', message: EMPTY_TAB_NAME_MESSAGE });
    await commands.openTab({ name: '  Trimmed ' });
    expect((await openTabs(db)).map((t) => t.name)).toEqual(['Trimmed']);
  });

  it('an id already known brings that tab to the front (reopened if closed) instead of a second tab', async () => {
    const { db, commands } = await withTabs(3);
    expect(eventTypes(await commands.openTab({ id: 'T1', name: 'Other' }))).toEqual(['SqlTabActivated:T1']);
    await commands.close('T2');
    expect(eventTypes(await commands.openTab({ id: 'T2' }))).toEqual(['SqlTabReopened:T2']);
    expect(await ids(db)).toEqual(['T1', 'T2', 'T3']);
    expect(await activeTabId(db)).toBe('T2');
    expect((await getTab(db, 'T1'))?.name).toBe('Untitled 1');
  });
});

describe('server tabs (numeric ids) are never kept', () => {
  it('the commands refuse them and write nothing', async () => {
    const { db, commands } = setup();
    expect(await commands.openTab({ id: '42' })).toEqual({ ok: false, reason: 'server-tab', message: SERVER_TAB_MESSAGE });
    expect(await commands.rename('42', 'x')).toMatchObject({ ok: false, reason: 'server-tab' });
    expect(await commands.changeSql('42', 'x')).toMatchObject({ ok: false, reason: 'server-tab' });
    expect(await commands.close('42')).toMatchObject({ ok: false, reason: 'server-tab' });
    expect(await db.events.count()).toBe(0);
  });

  it('the projection ignores their events', async () => {
    const { db } = setup();
    const payload = { id: '42', name: 'server', sql: '', databaseId: 1, catalog: null, schema: null, createdBy: 'x', createdAt: 0 };
    await append(db, [newEvent(me, { type: 'SqlTabOpened', aggregateId: '42', payload })]);
    expect(await db.sqlTabs.count()).toBe(0);
  });
});

describe('close', () => {
  it.each([
    ['the active middle tab → its previous neighbour', 'T2', 'T2', 'T1'],
    ['the active last tab → its previous neighbour', 'T3', 'T3', 'T2'],
    ['the active first tab → the first remaining', 'T1', 'T1', 'T2'],
    ['a tab that is not active → the active one stays', 'T3', 'T1', 'T3'],
  ])('%s', async (_name, activeBefore, closing, activeAfter) => {
    const { db, commands } = await withTabs(3);
    await commands.activate(activeBefore);
    const result = await commands.close(closing);
    expect(result.ok).toBe(true);
    expect(await ids(db)).toEqual(['T1', 'T2', 'T3'].filter((id) => id !== closing));
    expect(await activeTabId(db)).toBe(activeAfter);
  });

  it('writes the close and the activation together', async () => {
    const { commands } = await withTabs(2);
    expect(eventTypes(await commands.close('T2'))).toEqual(['SqlTabClosed:T2', 'SqlTabActivated:T1']);
  });

  it('refuses to close the last open tab, with the message the UI shows', async () => {
    const { db, commands } = await withTabs(2);
    await commands.close('T1');
    const before = await db.events.count();
    expect(await commands.close('T2')).toEqual({ ok: false, reason: 'last-tab', message: LAST_TAB_MESSAGE });
    expect(LAST_TAB_MESSAGE).toBe('You cannot close the last tab.');
    expect(await db.events.count()).toBe(before);
    expect(await ids(db)).toEqual(['T2']);
  });

  it('closing a closed tab changes nothing; an unknown tab is refused', async () => {
    const { commands } = await withTabs(2);
    await commands.close('T1');
    expect(await commands.close('T1')).toMatchObject({ ok: true, events: [] });
    expect(await commands.close('nope')).toMatchObject({ ok: false, reason: 'unknown-tab' });
  });
});

describe('reopen', () => {
  const response = { status: 'success', query_id: 1, columns: [], selected_columns: [], expanded_columns: [], data: [{ a: 1 }] } as unknown as ExecuteResponse;

  it('reopens the most recently closed tab with its text, schema and results, and activates it', async () => {
    const { db, commands } = await withTabs(3);
    await commands.changeSql('T2', 'select 42');
    await commands.changeLocation('T2', { databaseId: 9, catalog: null, schema: 'x' });
    await putResults(db, 'T2', response);
    await commands.close('T1');
    await commands.close('T2');
    expect((await closedTabs(db)).map((t) => t.id)).toEqual(['T2', 'T1']);

    expect(await commands.reopen()).toMatchObject({ ok: true, tabId: 'T2' });
    expect(await ids(db)).toEqual(['T2', 'T3']); // back in its place
    expect(await activeTabId(db)).toBe('T2');
    const tab = await getTab(db, 'T2');
    expect(tab).toMatchObject({ sql: 'select 42', databaseId: 9, schema: 'x' });
    expect((await getResults(db, tab?.results ?? ''))?.response.data).toEqual([{ a: 1 }]);
    expect((await closedTabs(db)).map((t) => t.id)).toEqual(['T1']);
  });

  it('reopens a given closed tab', async () => {
    const { db, commands } = await withTabs(3);
    await commands.close('T1');
    await commands.close('T2');
    await commands.reopen('T1');
    expect(await ids(db)).toEqual(['T1', 'T3']);
  });

  it('with nothing closed says so', async () => {
    const { commands } = await withTabs(1);
    expect(await commands.reopen()).toEqual({ ok: false, reason: 'no-closed-tab', message: NO_CLOSED_TAB_MESSAGE });
  });
});

describe('rename', () => {
  it.each([
    ['  Sales  ', { ok: true }, 'Sales'],
    ['Untitled 2', { ok: true }, 'Untitled 2'], // names need not be unique
    ['   ', { ok: false, reason: 'invalid-name', message: EMPTY_TAB_NAME_MESSAGE }, 'Untitled 1'],
    ['x'.repeat(101), { ok: false, reason: 'invalid-name', message: TAB_NAME_TOO_LONG_MESSAGE }, 'Untitled 1'],
  ])('%j', async (input, result, name) => {
    const { db, commands } = await withTabs(2);
    expect(await commands.rename('T1', input)).toMatchObject(result);
    expect((await getTab(db, 'T1'))?.name).toBe(name);
  });

  it('the same name writes nothing', async () => {
    const { commands } = await withTabs(1);
    expect(await commands.rename('T1', ' Untitled 1 ')).toMatchObject({ ok: true, events: [] });
  });
});

describe('text, activation, location, favourite, tags, estimate', () => {
  it('keeps only the latest text; an unchanged text writes nothing', async () => {
    const { db, commands } = await withTabs(1);
    await commands.changeSql('T1', 'select 1');
    await commands.changeSql('T1', 'select 12');
    expect(await commands.changeSql('T1', 'select 12')).toMatchObject({ ok: true, events: [] });
    expect((await getTab(db, 'T1'))?.sql).toBe('select 12');
  });

  it('an empty tab gets the default text when activated', async () => {
    const { db, commands } = await withTabs(2);
    await commands.changeSql('T1', '');
    expect((await getTab(db, 'T1'))?.sql).toBe('');
    await commands.activate('T1');
    expect((await getTab(db, 'T1'))?.sql).toBe(EMPTY_TAB_SQL);
  });

  it('favourite, tags and estimate', async () => {
    const { db, commands } = await withTabs(1);
    await commands.setFavorite('T1', true);
    await commands.tag('T1', ' finance ');
    await commands.tag('T1', 'daily');
    await commands.untag('T1', 'daily');
    expect(await commands.tag('T1', 'finance')).toMatchObject({ ok: true, events: [] });
    const estimate = { startDttm: 1, endDttm: 2, totalRows: 3, cpuCost: 4, outputSize: 5 };
    await commands.recordEstimate('T1', estimate);
    expect(await getTab(db, 'T1')).toMatchObject({ isFavorite: true, tags: ['finance'], estimate });
    await commands.recordEstimate('T1', null);
    await commands.setFavorite('T1', false);
    expect(await getTab(db, 'T1')).toMatchObject({ isFavorite: false, estimate: null });
  });
});

describe('undo / redo per tab', () => {
  it('undoes and redoes renames and text changes, in order', async () => {
    const { db, commands } = await withTabs(1);
    await commands.rename('T1', 'A');
    await commands.changeSql('T1', 'select 1');
    await commands.changeSql('T1', 'select 2');
    const tab = () => getTab(db, 'T1');

    await commands.undo('T1');
    expect(await tab()).toMatchObject({ name: 'A', sql: 'select 1' });
    await commands.undo('T1');
    expect(await tab()).toMatchObject({ name: 'A', sql: NEW_TAB_SQL });
    await commands.undo('T1');
    expect(await tab()).toMatchObject({ name: 'Untitled 1', sql: NEW_TAB_SQL });
    expect(await commands.undo('T1')).toMatchObject({ ok: true, events: [] }); // opening is not undone
    expect(await tabUndoState(db, 'T1')).toEqual({ canUndo: false, canRedo: true });

    await commands.redo('T1');
    await commands.redo('T1');
    expect(await tab()).toMatchObject({ name: 'A', sql: 'select 1' });
    await commands.redo('T1');
    expect(await tab()).toMatchObject({ sql: 'select 2' });
    expect(await tabUndoState(db, 'T1')).toEqual({ canUndo: true, canRedo: false });
  });

  it('undoes a close (reopening and activating the tab) and redoes it', async () => {
    const { db, commands } = await withTabs(2);
    await commands.close('T2');
    await commands.undo('T2');
    expect(await ids(db)).toEqual(['T1', 'T2']);
    expect(await activeTabId(db)).toBe('T2');
    await commands.redo('T2');
    expect(await ids(db)).toEqual(['T1']);
    expect(await activeTabId(db)).toBe('T1');
  });

  it('does not close the last open tab by undoing a reopen', async () => {
    const { db, commands } = await withTabs(2);
    await commands.close('T2');
    await commands.reopen();
    await commands.close('T1');
    expect(await commands.undo('T2')).toEqual({ ok: false, reason: 'last-tab', message: LAST_TAB_MESSAGE });
    expect(await ids(db)).toEqual(['T2']);
  });

  it('tabs have separate histories', async () => {
    const { db, commands } = await withTabs(2);
    await commands.rename('T1', 'One');
    await commands.rename('T2', 'Two');
    await commands.undo('T1');
    expect((await openTabs(db)).map((t) => t.name)).toEqual(['Untitled 1', 'Two']);
  });
});

describe('reading', () => {
  it('queries work inside live queries and see every change', async () => {
    const { db, commands } = await withTabs(1);
    const seen: string[][] = [];
    const subscription = liveQuery(() => openTabs(db)).subscribe((tabs) => seen.push(tabs.map((t) => t.name)));
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    await commands.openTab();
    await expect.poll(() => seen.at(-1)).toEqual(['Untitled 1', 'Untitled 2']);
    subscription.unsubscribe();
  });

  it('rebuilding from the log gives the same rows', async () => {
    const { db, commands } = await withTabs(3);
    await commands.rename('T1', 'x');
    await commands.close('T2');
    await commands.changeSql('T3', 'select 3');
    const before = await db.sqlTabs.toArray();
    await db.sqlTabs.clear();
    await rebuildProjections(db);
    expect(await db.sqlTabs.toArray()).toEqual(before);
  });
});
