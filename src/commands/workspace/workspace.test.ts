import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../../model/events';
import { newEvent, type Identity } from '../../db/identity';
import { freshDbs } from '../../db/testing/db';
import { writeWorkspaceListing } from '../../db/workspaceFiles';
import { networkError } from '../../sync/api/testing/httpErrors';
import type { SaveRequest } from '../../sync/api/saves.api';
import { serverFile } from '../../sync/testing/serverFile';
import { WAITING_NOTICE_ID, type Notice } from '../core';
import { createSender, type SaveRound, type SaveVerdict } from '../../sync/outbox/sender';
import { parseNotebook } from '../../model/nbformat';
import { createWorkspaceCommands, WAITING_MESSAGE, workspaceRoute } from './workspace';

const freshDb = freshDbs('workspace-commands');
const me: Identity = { clientId: 'client', tabId: 'tab' };

function setup(verdict: SaveVerdict = { kind: 'applied' }) {
  const db = freshDb();
  const notices: Notice[] = [];
  const sender = { wake: vi.fn(), settled: vi.fn(async (_changeId: string) => verdict) };
  const refresh = vi.fn();
  const notebooks = { getLocalFile: vi.fn(), getDetails: vi.fn(), searchFiles: vi.fn() };
  const commands = createWorkspaceCommands({ db, identity: me, notify: (n) => notices.push(n), sender, refresh, notebooks, mount: '/api/notebook' });
  return { db, notices, sender, refresh, commands, notebooks };
}

describe('workspace commands', () => {
  it('a change is an event in the log first, then the sender is woken and asked how its save went', async () => {
    const { db, sender, commands, notices } = setup();
    expect(await commands.createFolder('reports')).toEqual({ kind: 'applied' });
    const [event] = await db.events.toArray();
    expect(event).toMatchObject({ type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path: 'reports' }, origin: 'local' });
    expect(sender.wake).toHaveBeenCalledOnce();
    expect(sender.settled).toHaveBeenCalledWith(event.id);
    expect(await db.saves.get(event.id)).toMatchObject({ state: 'pending', label: 'Create folder reports' });
    expect(notices).toEqual([]);
  });

  it('a save waiting for the server says so in one shared toast', async () => {
    const { commands, notices } = setup({ kind: 'waiting' });
    await commands.createNotebook('a.ipynb');
    await commands.rename('a.ipynb', 'b.ipynb', '3');
    expect(notices).toEqual([
      { kind: 'info', message: WAITING_MESSAGE, id: WAITING_NOTICE_ID },
      { kind: 'info', message: WAITING_MESSAGE, id: WAITING_NOTICE_ID },
    ]);
  });

  it('a refused save says what was not saved and why', async () => {
    const { commands, notices } = setup({ kind: 'failed', status: 409, message: 'Changed on the server' });
    await commands.remove('reports/q1.ipynb', '7');
    expect(notices).toEqual([{ kind: 'error', message: 'Delete of q1.ipynb was not saved: Changed on the server' }]);
  });

  it('undo writes the inverse (a save like any other); with nothing to undo, nothing happens', async () => {
    const { db, commands, sender } = setup();
    expect(await commands.undo()).toBeNull();
    await commands.createFolder('reports');
    await commands.undo();
    expect((await db.events.toArray()).map((e) => [e.type, (e.payload as { path: string }).path])).toEqual([
      ['WorkspaceFolderCreated', 'reports'],
      ['WorkspaceItemDeleted', 'reports'],
    ]);
    expect(sender.wake).toHaveBeenCalledTimes(2);
    await commands.redo();
    expect((await db.events.toArray()).at(-1)).toMatchObject({ type: 'WorkspaceFolderCreated', payload: { path: 'reports' } });
  });

  it('a new notebook is a valid nbformat 4.5 file with one code cell that prints, as Jupyter writes it', async () => {
    const { db, commands } = setup();
    await commands.createNotebook('Untitled-1.ipynb');
    const [event] = await db.events.toArray();
    const { content } = event.payload as { content: string };
    const parsed = parseNotebook(content, 'Untitled-1.ipynb');
    expect(parsed.ok && parsed.notebook.cells).toEqual([expect.objectContaining({ cell_type: 'code', source: 'print("Hello, world!")' })]);
    expect(content).toMatch(/^\{\n "cells": \[/);
  });

  it('refresh asks the sync worker for a fresh listing', () => {
    const { commands, refresh } = setup();
    commands.refresh();
    expect(refresh).toHaveBeenCalledOnce();
  });
});

describe('favourites, permanent deletes, moves, details, export links', () => {
  const listing = [serverFile('a.ipynb'), serverFile('b.ipynb'), serverFile('dest'), serverFile('dest/b.ipynb'), serverFile('f'), serverFile('f/sub'), serverFile('t.ipynb', { isDeleted: true })];
  async function withListing(verdict?: SaveVerdict) {
    const made = setup(verdict);
    await writeWorkspaceListing(made.db, 'workspace', listing, 1000);
    return made;
  }
  const written = async (db: ReturnType<typeof freshDb>) => (await db.events.toArray()).map((e) => [e.type, e.payload]);

  it('a favourite is an event with the item’s version; undo unstars; the same mark again writes nothing', async () => {
    const { db, commands } = await withListing();
    expect(await commands.setFavorite('a.ipynb', true)).toEqual({ kind: 'applied' });
    expect(await commands.setFavorite('a.ipynb', true)).toBeNull();
    await commands.undo();
    expect(await written(db)).toEqual([
      ['WorkspaceItemFavorited', { path: 'a.ipynb', isFavorite: true, version: '1' }],
      ['WorkspaceItemFavorited', { path: 'a.ipynb', isFavorite: false, undoOf: (await db.events.toArray())[0].id }],
    ]);
  });

  it('a permanent delete is refused for a live item; a trashed one goes with its server id, and undo does not bring it back', async () => {
    const { db, commands, notices } = await withListing();
    expect(await commands.purge('a.ipynb')).toMatchObject({ ok: false, message: 'a.ipynb is not in the trash.' });
    expect(notices).toEqual([{ kind: 'error', message: 'a.ipynb is not in the trash.' }]);
    expect(await db.events.count()).toBe(0);
    expect(await commands.purge('t.ipynb')).toEqual({ kind: 'applied' });
    expect(await written(db)).toEqual([['WorkspaceItemPurged', { path: 't.ipynb', id: 'id-t.ipynb' }]]);
    expect(await commands.undo()).toBeNull();
    expect(await db.events.count()).toBe(1);
  });

  it('a move of several items is a rename each, and one undo step', async () => {
    const { db, commands, sender } = await withListing();
    expect(await commands.move(['a.ipynb', 'f'], 'dest')).toEqual({ kind: 'applied' });
    const renames = await db.events.toArray();
    expect(renames.map((e) => e.payload)).toEqual([
      { oldPath: 'a.ipynb', newPath: 'dest/a.ipynb', version: '1', group: expect.any(String) },
      { oldPath: 'f', newPath: 'dest/f', version: '1', group: (renames[0].payload as { group: string }).group },
    ]);
    expect(sender.settled.mock.calls.map(([id]) => id)).toEqual(renames.map((e) => e.id));
    await commands.undo();
    expect((await written(db)).slice(2)).toEqual([
      ['WorkspaceItemRenamed', { oldPath: 'dest/f', newPath: 'f', undoOf: renames[1].id }],
      ['WorkspaceItemRenamed', { oldPath: 'dest/a.ipynb', newPath: 'a.ipynb', undoOf: renames[0].id }],
    ]);
    expect(await commands.undo()).toBeNull();
  });

  it.each([
    ['a folder into itself', ['f'], 'f', 'The folder f cannot be moved into itself.'],
    ['a folder into its descendant', ['a.ipynb', 'f'], 'f/sub', 'The folder f cannot be moved into itself.'],
    ['a name taken in the target', ['a.ipynb', 'b.ipynb'], 'dest', 'dest already holds an item named b.ipynb.'],
    ['a target that is no folder', ['b.ipynb'], 'a.ipynb', 'The folder a.ipynb does not exist.'],
    ['an item not there', ['nope.ipynb'], 'dest', 'nope.ipynb is not in the workspace.'],
  ])('a move is refused whole, before anything is written: %s', async (_name, paths, folder, message) => {
    const { db, commands, notices } = await withListing();
    expect(await commands.move(paths, folder)).toMatchObject({ ok: false, message });
    expect(notices).toEqual([{ kind: 'error', message }]);
    expect(await db.events.count()).toBe(0);
  });

  it('a move written while the server is down is sent when it is back', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', listing, 1000);
    const state = { up: false };
    const sent: SaveRequest[] = [];
    const api = {
      send: vi.fn(async (requests: readonly SaveRequest[]) => {
        if (!state.up) throw networkError();
        sent.push(...requests);
        return requests.map((r) => ({ status: 200, body: { file: serverFile((r.body as { newPath: string }).newPath) } }));
      }),
    };
    const timers: (() => void)[] = [];
    const routes = [workspaceRoute({ db, mount: '/api/notebook', bucket: 'workspace' })];
    const sender = createSender({ db, identity: me, api, routes, isServerUp: async () => state.up, probe: { setTimer: (run) => timers.push(run), clearTimer: () => {} } });
    try {
      const notebooks = { getLocalFile: vi.fn(), getDetails: vi.fn(), searchFiles: vi.fn() };
      const commands = createWorkspaceCommands({ db, identity: me, notify: () => {}, sender, refresh: vi.fn(), notebooks, mount: '/api/notebook' });
      expect(await commands.move(['a.ipynb'], 'dest')).toEqual({ kind: 'waiting' });
      expect(sent).toEqual([]);
      state.up = true;
      timers.splice(0).forEach((run) => run());
      await vi.waitFor(async () => expect((await db.saves.toArray()).map((row) => row.state)).toEqual(['applied']));
      expect(sent).toMatchObject([{ method: 'POST', url: '/api/notebook/rename', body: { oldPath: 'a.ipynb', newPath: 'dest/a.ipynb' } }]);
      expect(await db.workspaceFiles.get('dest/a.ipynb')).toBeDefined();
    } finally {
      sender.stop();
    }
  });

  it('details come from the server; offline from the log (a notebook) or the cached view (a folder)', async () => {
    const { commands, notebooks } = await withListing();
    notebooks.getDetails.mockResolvedValueOnce({ file: serverFile('a.ipynb'), size: 120, kernel: 'Python 3', cellCount: 2, items: null });
    expect(await commands.details('a.ipynb')).toEqual({ ok: true, size: 120, kernel: 'Python 3', cellCount: 2, items: null });
    notebooks.getDetails.mockRejectedValue(networkError());
    await commands.createNotebook('n.ipynb', '{"cells":[{},{},{}],"metadata":{"kernelspec":{"name":"ir"}}}');
    expect(await commands.details('n.ipynb')).toEqual({ ok: true, size: 60, kernel: 'ir', cellCount: 3, items: null });
    expect(await commands.details('f')).toEqual({ ok: true, size: null, kernel: null, cellCount: null, items: 1 });
    expect(await commands.details('a.ipynb')).toMatchObject({ ok: false, message: expect.stringContaining('cannot be reached') });
  });

  it('a server search finds live items, less what this device deleted; a failed search finds none', async () => {
    const { commands, notebooks } = await withListing();
    await commands.remove('b.ipynb', '1');
    const signal = new AbortController().signal;
    notebooks.searchFiles.mockResolvedValueOnce([serverFile('b.ipynb'), serverFile('dest/b.ipynb'), serverFile('old/b.ipynb', { isDeleted: true })]);
    expect((await commands.searchFiles('b.ip', 5, signal)).map((f) => f.path)).toEqual(['dest/b.ipynb']);
    expect(notebooks.searchFiles).toHaveBeenCalledWith('b.ip', 5, { signal });
    notebooks.searchFiles.mockRejectedValueOnce(networkError());
    expect(await commands.searchFiles('b.ip', 5)).toEqual([]);
  });

  it('an export link names the item', () => {
    expect(setup().commands.exportUrl('my folder/ä')).toBe('/api/notebook/export?path=my%20folder%2F%C3%A4');
  });
});

describe('the workspace save route', () => {
  const change = (type: string, payload: object): ConsoleEvent => ({ ...newEvent(me, { type, aggregateId: WORKSPACE_AGGREGATE, payload }), seq: 1 });
  const round = (extra: Partial<SaveRound> = {}): SaveRound => ({ key: 'K', attempt: 0, overwrite: false, label: 'L', ...extra });

  it('turns each change into its notebook API save, with the version check', async () => {
    const route = workspaceRoute({ db: freshDb(), mount: '/api/notebook', bucket: 'workspace' });
    const requests = await Promise.all([
      route.request(change('WorkspaceFolderCreated', { path: 'r' }), round()),
      route.request(change('WorkspaceNotebookCreated', { path: 'r/a.ipynb', content: '{"cells": []}' }), round()),
      route.request(change('WorkspaceItemRenamed', { oldPath: 'r/a.ipynb', newPath: 'r/b.ipynb', version: '3' }), round()),
      route.request(change('WorkspaceItemDeleted', { path: 'r', version: '4' }), round()),
      route.request(change('WorkspaceItemRestored', { path: 'r' }), round()),
    ]);
    expect(requests).toMatchObject([
      { method: 'POST', url: '/api/notebook/folders', body: { path: 'r' }, headers: { 'Idempotency-Key': 'K', 'X-Console-Label': 'L' } },
      { method: 'POST', url: '/api/notebook/files', body: { path: 'r/a.ipynb', content: '{"cells": []}' }, headers: { 'If-None-Match': '*' } },
      { method: 'POST', url: '/api/notebook/rename', body: { oldPath: 'r/a.ipynb', newPath: 'r/b.ipynb' }, headers: { 'If-Match': '3' } },
      { method: 'DELETE', url: '/api/notebook/delete', body: { path: 'r' }, headers: { 'If-Match': '4' } },
      { method: 'POST', url: '/api/notebook/restore', body: { path: 'r' } },
    ]);
  });

  it('a favourite and a permanent delete go to /favorite and DELETE /trash; their answers update the cache', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('a.ipynb'), serverFile('t', { isDeleted: true }), serverFile('t/n.ipynb', { isDeleted: true })], 1000);
    const route = workspaceRoute({ db, mount: '/api/notebook', bucket: 'workspace', now: () => 2000 });
    const favourite = change('WorkspaceItemFavorited', { path: 'a.ipynb', isFavorite: true, version: '1' });
    const purge = change('WorkspaceItemPurged', { path: 't', id: 'id-t' });
    expect(await Promise.all([route.request(favourite, round()), route.request(purge, round())])).toMatchObject([
      { method: 'POST', url: '/api/notebook/favorite', body: { path: 'a.ipynb', isFavorite: true }, headers: { 'If-Match': '1' } },
      { method: 'DELETE', url: '/api/notebook/trash', body: { path: 't', id: 'id-t' } },
    ]);
    await route.apply?.(favourite, { file: serverFile('a.ipynb', { isFavorite: true, version: '2' }) });
    await route.apply?.(purge, { file: serverFile('t', { isDeleted: true }) });
    expect((await db.workspaceFiles.toArray()).map((row) => [row.path, row.isFavorite, row.version])).toEqual([['a.ipynb', true, '2']]);
  });

  it('an undo, a redo and an overwrite drop the version checks', async () => {
    const route = workspaceRoute({ db: freshDb(), mount: '/api/notebook', bucket: 'workspace' });
    const renamed = { oldPath: 'a', newPath: 'b', version: '3' };
    const headersOf = async (event: ConsoleEvent, r = round()) => ((await route.request(event, r)) as { headers: Record<string, string> }).headers;
    expect(await headersOf(change('WorkspaceItemRenamed', { ...renamed, undoOf: 'x' }))).not.toHaveProperty('If-Match');
    expect(await headersOf(change('WorkspaceItemRenamed', { ...renamed, redoOf: 'x' }))).not.toHaveProperty('If-Match');
    expect(await headersOf(change('WorkspaceItemRenamed', renamed), round({ overwrite: true }))).not.toHaveProperty('If-Match');
    expect(await headersOf(change('WorkspaceNotebookCreated', { path: 'a.ipynb' }), round({ overwrite: true }))).not.toHaveProperty('If-None-Match');
  });

  it('applies the answer’s file to the cached listing (no refetch of the whole listing)', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('r'), serverFile('r/a.ipynb')], 1000);
    const route = workspaceRoute({ db, mount: '/api/notebook', bucket: 'workspace', now: () => 2000 });
    await route.apply?.(change('WorkspaceItemRenamed', { oldPath: 'r', newPath: 'reports' }), { file: serverFile('reports', { version: '2' }) });
    expect((await db.workspaceFiles.orderBy('path').toArray()).map((row) => [row.path, row.version])).toEqual([
      ['reports', '2'],
      ['reports/a.ipynb', '1'],
    ]);
    await route.apply?.(change('WorkspaceFolderCreated', { path: 'x' }), { message: 'no file in this answer' });
    expect(await db.workspaceFiles.count()).toBe(2);
  });
});
