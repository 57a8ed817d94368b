import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../db/events';
import { newEvent, type Identity } from '../db/identity';
import { freshDbs } from '../db/testDb';
import { writeWorkspaceListing } from '../db/workspaceFiles';
import { serverFile } from '../sync/testing/serverFile';
import { WAITING_NOTICE_ID, type Notice } from './core';
import type { SaveRound, SaveVerdict } from './sender';
import { parseNotebook } from '../notebook';
import { createWorkspaceCommands, WAITING_MESSAGE, workspaceRoute } from './workspace';

const freshDb = freshDbs('workspace-commands');
const me: Identity = { clientId: 'client', tabId: 'tab' };

function setup(verdict: SaveVerdict = { kind: 'applied' }) {
  const db = freshDb();
  const notices: Notice[] = [];
  const sender = { wake: vi.fn(), settled: vi.fn(async () => verdict) };
  const refresh = vi.fn();
  const notebooks = { getLocalFile: vi.fn() };
  const commands = createWorkspaceCommands({ db, identity: me, notify: (n) => notices.push(n), sender, refresh, notebooks });
  return { db, notices, sender, refresh, commands };
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
