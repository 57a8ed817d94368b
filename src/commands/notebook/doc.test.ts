import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKSPACE_AGGREGATE } from '../../model/events';
import { newEvent, type Identity } from '../../db/identity';
import { append } from '../../db/append';
import { createReads } from '../../db/reads';
import { freshDbs } from '../../db/testing/db';
import { applyEdit } from '../../model/notebookDoc/edits';
import { parseNotebook } from '../../model/nbformat/parse';
import { schemaProblem } from '../../model/nbformat/validate';
import { serializeNotebook } from '../../model/nbformat/serialize';
import type { Cell, Nbformat45 } from '../../model/nbformat/types';
import { WAITING_NOTICE_ID, type Notice } from '../core';
import { memoryTabLocks } from '../../db/testing/tabLocks';
import { memoryStorage } from '../../db/testing/storage';
import { createTypingJournal } from '../../db/typingJournal';
import { createNotebookDocCommands, NO_DOC_MESSAGE, SAVE_ERROR_MESSAGE, SAVED_MESSAGE } from './doc';
import { createNotebookFiles } from './files';
import { createSender, type Sender } from '../../sync/outbox/sender';
import { fakeNotebookServer } from '../testing/fakeNotebookServer';
import { WAITING_MESSAGE, workspaceRoute } from '../workspace/workspace';

const freshDb = freshDbs('notebook-doc');
/** What the editor hands the journal: the typing and its size. */
const typingOf = (typing: { base: string; text: string }) => ({ size: typing.base.length + typing.text.length, typing });
const me: Identity = { clientId: 'client', tabId: 'tab-1' };
const other: Identity = { clientId: 'client', tabId: 'tab-2' };

const code = (id: string, source = id): Cell => ({ id, cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null });
const nb = (...cells: Cell[]): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } }, cells });
const PATH = 'r/n.ipynb';

const senders: Sender[] = [];
afterEach(() => senders.splice(0).forEach((sender) => sender.stop()));

function setup() {
  const db = freshDb();
  const server = fakeNotebookServer();
  server.put(PATH, serializeNotebook(nb(code('a', 'x = 1'), code('b', 'y = 2'))));
  const notices: Notice[] = [];
  const sender = createSender({
    db,
    identity: me,
    api: server.api,
    routes: [workspaceRoute({ db, mount: '/api/notebook', bucket: 'workspace' })],
    isServerUp: async () => server.state.online,
    probe: { setTimer: () => {}, clearTimer: () => {} },
  });
  senders.push(sender);
  const { read } = createNotebookFiles({ db, notify: (n) => notices.push(n), api: { getLocalFile: server.getLocalFile } });
  const tab = (identity: Identity) => createNotebookDocCommands({ db, identity, notify: (n) => notices.push(n), sender, read });
  const commands = tab(me);
  const openDoc = async (path = PATH) => {
    const opened = await commands.open(path);
    if (!opened.ok) throw new Error(opened.message);
    return opened.docId;
  };
  const doc = async (docId: string) => (await db.notebookDocs.get(docId))!;
  const sources = async (docId: string) => (await doc(docId)).notebook.cells.map((cell) => cell.source);
  return { db, server, notices, sender, commands, tab, read, openDoc, doc, sources };
}

describe('a crash between two pauses of typing', () => {
  it('loses nothing: the next open writes what the journal kept, merged with what the cell holds by then', async () => {
    const base = setup();
    const storage = memoryStorage();
    const locks = memoryTabLocks();
    const withJournal = (identity: Identity) =>
      createNotebookDocCommands({ db: base.db, identity, notify: () => {}, sender: base.sender, read: base.read, journal: createTypingJournal(storage, identity.tabId, locks) });
    const before = withJournal(me);
    const opened = await before.open(PATH);
    if (!opened.ok) throw new Error(opened.message);
    const cellId = (await base.doc(opened.docId)).notebook.cells[0].id;
    before.typed(opened.docId, cellId, typingOf({ base: 'x = 1', text: 'x = 1  # typed just before the crash' }));
    // Another tab typed at the start of the cell meanwhile, and is still open.
    const second = withJournal(other);
    await second.type(opened.docId, cellId, { base: 'x = 1', text: 'y = 0; x = 1' });
    // A third tab opens the notebook while the first is alive: its typing is its own, not recovered.
    const third = withJournal({ clientId: 'client', tabId: 'tab-3' });
    await third.open(PATH);
    expect((await base.sources(opened.docId))[0]).toBe('y = 0; x = 1');
    // The first tab dies here: no edit was written. The next open writes its typing, merged.
    locks.close(me.tabId);
    await third.open(PATH);
    expect((await base.sources(opened.docId))[0]).toBe('y = 0; x = 1  # typed just before the crash');
    expect(await createTypingJournal(storage, 'reader', locks).pending(opened.docId)).toEqual([]);
    // Typing that lands clears its entry: nothing is written twice at the next open.
    third.typed(opened.docId, cellId, typingOf({ base: 'y = 0; x = 1  # typed just before the crash', text: 'z' }));
    await third.type(opened.docId, cellId, { base: 'y = 0; x = 1  # typed just before the crash', text: 'z' });
    locks.close('tab-3');
    expect(await createTypingJournal(storage, 'reader', locks).pending(opened.docId)).toEqual([]);
  });
});

describe('opening a notebook', () => {
  it('opens the server’s file as a doc (its version the base) and finds it again by path without a new event', async () => {
    const { db, commands, openDoc, doc } = setup();
    const docId = await openDoc();
    expect(await doc(docId)).toMatchObject({ path: PATH, baseVersion: 'v1', dirty: false, notebook: nb(code('a', 'x = 1'), code('b', 'y = 2')) });
    const events = await db.events.count();
    expect(await commands.open(PATH)).toMatchObject({ ok: true, docId, events: [] });
    expect(await db.events.count()).toBe(events);
  });

  it('a clean doc takes the server’s newer file; a dirty one is kept as it is, without asking the server', async () => {
    const { server, commands, openDoc, sources } = setup();
    const docId = await openDoc();
    server.put(PATH, serializeNotebook(nb(code('a', 'theirs'))));
    expect(await openDoc()).toBe(docId);
    expect(await sources(docId)).toEqual(['theirs']);
    await commands.edit(docId, { op: 'source', id: 'a', source: 'mine' });
    server.put(PATH, serializeNotebook(nb(code('a', 'theirs again'))));
    server.getLocalFile.mockClear();
    expect(await openDoc()).toBe(docId);
    expect(await sources(docId)).toEqual(['mine']);
    expect(server.getLocalFile).not.toHaveBeenCalled();
  });

  it('offline, opens what the server gave before (with its version) or keeps the doc it has', async () => {
    const { server, read, commands, openDoc, doc } = setup();
    await read(PATH); // read once online (a download, the read-only view): kept on this device
    server.state.online = false;
    const docId = await openDoc();
    expect(await doc(docId)).toMatchObject({ baseVersion: 'v1', notebook: nb(code('a', 'x = 1'), code('b', 'y = 2')) });
    await commands.edit(docId, { op: 'source', id: 'a', source: 'offline' });
    expect(await openDoc()).toBe(docId);
    expect(await commands.open('r/unknown.ipynb')).toMatchObject({ ok: false, reason: 'offline' });
  });

  it('a file that is not a notebook is refused with the reason, and nothing is written', async () => {
    const { db, server, commands } = setup();
    server.files.set('bad.ipynb', { content: '{"cells": 3}', version: 'v9' });
    expect(await commands.open('bad.ipynb')).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('bad.ipynb cannot be opened') });
    expect(await db.events.count()).toBe(0);
  });
});

describe('editing, undo and redo', () => {
  it('an edit carries its inverse; undo and redo go step by step; one group of typing is one step', async () => {
    const { commands, openDoc, sources } = setup();
    const docId = await openDoc();
    await commands.edit(docId, { op: 'source', id: 'a', source: 'x = 10' }, { group: 'typing-a' });
    await commands.edit(docId, { op: 'source', id: 'a', source: 'x = 100' }, { group: 'typing-a' });
    await commands.edit(docId, { op: 'replace', remove: [], insert: [{ index: 2, cell: code('c', 'z') }] });
    await commands.recordOutputs(docId, 'b', [{ output_type: 'stream', name: 'stdout', text: '2\n' }], 1);
    expect(await sources(docId)).toEqual(['x = 100', 'y = 2', 'z']);
    await commands.undo(docId);
    expect(await sources(docId)).toEqual(['x = 100', 'y = 2']);
    await commands.undo(docId);
    expect(await sources(docId)).toEqual(['x = 1', 'y = 2']);
    expect(await commands.undo(docId)).toMatchObject({ ok: false, reason: 'nothing' });
    await commands.redo(docId);
    expect(await sources(docId)).toEqual(['x = 100', 'y = 2']);
    await commands.redo(docId);
    expect(await sources(docId)).toEqual(['x = 100', 'y = 2', 'z']);
  });

  it('an edit of a doc that is not open is refused; an edit that changes nothing writes nothing', async () => {
    const { db, commands, openDoc } = setup();
    expect(await commands.edit('nope', { op: 'source', id: 'a', source: '' })).toMatchObject({ ok: false, message: NO_DOC_MESSAGE });
    const docId = await openDoc();
    const events = await db.events.count();
    expect(await commands.edit(docId, { op: 'source', id: 'a', source: 'x = 1' })).toMatchObject({ ok: true, events: [] });
    expect(await db.events.count()).toBe(events);
  });
});

describe('two tabs on one notebook', () => {
  it('both open one doc and see each other’s edits; edits of one cell at once: the last wins, other cells untouched', async () => {
    const { db, tab, openDoc, sources } = setup();
    const second = tab(other);
    const docId = await openDoc();
    expect(await second.open(PATH)).toMatchObject({ ok: true, docId });
    await Promise.all([
      tab(me).edit(docId, { op: 'source', id: 'a', source: 'from tab 1' }),
      second.edit(docId, { op: 'source', id: 'a', source: 'from tab 2' }),
      second.edit(docId, { op: 'source', id: 'b', source: 'b from tab 2' }),
    ]);
    const edits = await db.events.where('type').equals('NotebookEdited').sortBy('seq');
    const lastOfA = edits.filter((event) => (event.payload as { edit: { id: string } }).edit.id === 'a').at(-1)!;
    expect(await sources(docId)).toEqual([(lastOfA.payload as { edit: { source: string } }).edit.source, 'b from tab 2']);
  });

  it('typing in one cell in both at once keeps both sides’ typing, as small text edits that undo exactly', async () => {
    const { db, tab, openDoc, sources, commands } = setup();
    const second = tab(other);
    const docId = await openDoc();
    await second.open(PATH);
    // Both typed from 'x = 1': tab 1 at the start, tab 2 at the end.
    const [first, last] = await Promise.all([
      tab(me).type(docId, 'a', { base: 'x = 1', text: '# one\nx = 1' }, { group: 'g1' }),
      second.type(docId, 'a', { base: 'x = 1', text: 'x = 1  # two' }, { group: 'g2' }),
    ]);
    expect(await sources(docId)).toEqual(['# one\nx = 1  # two', 'y = 2']);
    const edits = await db.events.where('type').equals('NotebookEdited').sortBy('seq');
    expect(edits.map((event) => (event.payload as { edit: object }).edit)).toEqual([
      { op: 'text', id: 'a', changes: [{ from: 0, to: 0, insert: '# one\n' }] },
      { op: 'text', id: 'a', changes: [{ from: 11, to: 11, insert: '  # two' }] },
    ]);
    // Each answers the version that holds it.
    expect([first, last].map((result) => result.ok && result.version)).toEqual(edits.map((event) => event.seq));
    await second.undo(docId);
    expect(await sources(docId)).toEqual(['# one\nx = 1', 'y = 2']);
    // Typing into a cell another tab deleted writes nothing.
    await commands.deleteCells(docId, ['b']);
    expect(await commands.type(docId, 'b', { base: 'y = 2', text: 'y = 3' })).toMatchObject({ ok: true, events: [] });
  });
});

describe('saving', () => {
  it('writes nbformat 4.5 with If-Match of the base; the answer’s version becomes the base and the doc is clean', async () => {
    const { server, commands, notices, openDoc, doc } = setup();
    const docId = await openDoc();
    await commands.edit(docId, { op: 'source', id: 'a', source: 'x = 3' });
    expect(await commands.save(docId)).toEqual({ kind: 'applied' });
    const [request] = server.fileSaves();
    expect(request).toMatchObject({ method: 'POST', headers: { 'If-Match': 'v1', 'X-Console-Label': encodeURIComponent(`Save notebook ${PATH}`) } });
    expect(request.headers['If-None-Match']).toBeUndefined();
    expect(server.files.get(PATH)?.content).toBe(serializeNotebook(nb(code('a', 'x = 3'), code('b', 'y = 2'))));
    expect(await doc(docId)).toMatchObject({ baseVersion: 'v2', dirty: false });
    expect(notices).toEqual([{ kind: 'success', message: SAVED_MESSAGE }]);
    await commands.edit(docId, { op: 'source', id: 'a', source: 'x = 4' });
    await commands.save(docId);
    expect(server.fileSaves()[1].headers['If-Match']).toBe('v2');
  });

  it('an invalid notebook is refused with the reason and nothing is written', async () => {
    const { db, server, commands, notices, openDoc } = setup();
    const docId = await openDoc();
    await commands.edit(docId, { op: 'metadata', metadata: { kernelspec: 'python3' } });
    const events = await db.events.count();
    expect(await commands.save(docId)).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('kernelspec') });
    expect(await db.events.count()).toBe(events);
    expect(server.fileSaves()).toEqual([]);
    expect(notices).toEqual([{ kind: 'error', message: SAVE_ERROR_MESSAGE }]);
  });

  it('offline, saves wait in the log; back online each goes once, the later checked against the earlier’s answer', async () => {
    const { server, sender, commands, notices, openDoc, doc } = setup();
    const docId = await openDoc();
    server.state.online = false;
    await commands.edit(docId, { op: 'source', id: 'a', source: 'one' });
    expect(await commands.save(docId)).toEqual({ kind: 'waiting' });
    await commands.edit(docId, { op: 'source', id: 'a', source: 'two' });
    expect(await commands.save(docId)).toEqual({ kind: 'waiting' });
    expect(notices).toEqual([
      { kind: 'info', message: WAITING_MESSAGE, id: WAITING_NOTICE_ID },
      { kind: 'info', message: WAITING_MESSAGE, id: WAITING_NOTICE_ID },
    ]);
    server.state.online = true;
    const [first] = await Promise.all([sender.settled((await doc(docId)).saveId!), sender.wake()]);
    expect(first).toEqual({ kind: 'applied' });
    expect(server.fileSaves().map((request) => request.headers['If-Match'])).toEqual(['v1', 'v2']);
    expect(JSON.parse(server.files.get(PATH)!.content).cells[0].source).toEqual(['two']);
    expect(await doc(docId)).toMatchObject({ baseVersion: 'v3', dirty: false });
  });

  it('saves to where the notebook is now, after a rename of it and of a folder above it', async () => {
    const { db, server, commands, openDoc, sender } = setup();
    const docId = await openDoc();
    const renames = [
      { oldPath: PATH, newPath: 'r/m.ipynb' },
      { oldPath: 'r', newPath: 'reports' },
    ].map((payload) => newEvent(me, { type: 'WorkspaceItemRenamed', aggregateId: WORKSPACE_AGGREGATE, payload }));
    await append(db, renames);
    await sender.settled(renames[1].id);
    expect(await commands.open('reports/m.ipynb')).toMatchObject({ ok: true, docId, events: [] });
    await commands.edit(docId, { op: 'source', id: 'a', source: 'moved' });
    expect(await commands.save(docId)).toEqual({ kind: 'applied' });
    expect(server.fileSaves()[0]).toMatchObject({ body: { path: 'reports/m.ipynb' }, headers: { 'If-Match': 'v1' } });
  });
});

describe('a save refused because the file changed on the server (409)', () => {
  async function conflicted() {
    const t = setup();
    const docId = await t.openDoc();
    await t.commands.edit(docId, { op: 'source', id: 'a', source: 'mine' });
    t.server.put(PATH, serializeNotebook(nb(code('a', 'theirs'), code('b', 'y = 2'), code('t', 'their new cell'))));
    expect(await t.commands.save(docId)).toMatchObject({ kind: 'failed', status: 409 });
    expect(t.notices.at(-1)).toEqual({ kind: 'error', message: SAVE_ERROR_MESSAGE });
    expect(await t.commands.conflict(docId)).toMatchObject({ status: 409, message: 'The item changed on the server' });
    return { ...t, docId };
  }

  it('is never overwritten silently, and shows mine against theirs cell by cell', async () => {
    const { server, commands, docId } = await conflicted();
    expect(JSON.parse(server.files.get(PATH)!.content).cells[0].source).toEqual(['theirs']);
    const compared = await commands.compare(docId);
    if (!compared.ok) throw new Error(compared.message);
    expect(compared.diff.cells.map((d) => `${d.id}:${d.kind}`)).toEqual(['a:changed', 't:added']);
  });

  it('keep mine: the save goes again without the version check; mine is on the server', async () => {
    const { server, commands, notices, docId, doc } = await conflicted();
    expect(await commands.keepMine(docId)).toEqual({ kind: 'applied' });
    expect(server.fileSaves().at(-1)!.headers['If-Match']).toBeUndefined();
    expect(JSON.parse(server.files.get(PATH)!.content).cells.map((cell: { source: string[] }) => cell.source.join(''))).toEqual(['mine', 'y = 2']);
    expect(notices.at(-1)).toEqual({ kind: 'success', message: SAVED_MESSAGE });
    expect(await doc(docId)).toMatchObject({ baseVersion: server.files.get(PATH)!.version, dirty: false });
    expect(await commands.conflict(docId)).toBeNull();
  });

  it('take theirs: the server’s file becomes the doc, clean, its refused save dropped, mine no longer undone onto it', async () => {
    const { db, commands, docId, doc, sources } = await conflicted();
    const saveId = (await doc(docId)).saveId!;
    expect(await commands.takeTheirs(docId)).toEqual({ ok: true });
    expect(await sources(docId)).toEqual(['theirs', 'y = 2', 'their new cell']);
    expect(await doc(docId)).toMatchObject({ baseVersion: 'v2', dirty: false });
    expect(await db.saves.get(saveId)).toMatchObject({ state: 'discarded' });
    expect(await commands.conflict(docId)).toBeNull();
    expect(await commands.undo(docId)).toMatchObject({ ok: false, reason: 'nothing' });
  });

  it('take theirs needs the server: offline it is refused and nothing changes', async () => {
    const { server, commands, docId, sources } = await conflicted();
    server.state.online = false;
    expect(await commands.takeTheirs(docId)).toMatchObject({ ok: false, reason: 'offline' });
    expect(await sources(docId)).toEqual(['mine', 'y = 2']);
  });

  it('save as copy: mine becomes "n (copy).ipynb" (create only), the doc lives there, its history kept', async () => {
    const { server, commands, docId, doc, openDoc } = await conflicted();
    server.put('r/n (copy).ipynb', '{}');
    const result = await commands.saveAsCopy(docId);
    expect(result).toMatchObject({ ok: true, path: 'r/n (copy 2).ipynb', verdict: { kind: 'applied' } });
    expect(server.fileSaves().at(-1)!.headers['If-None-Match']).toBe('*');
    expect(JSON.parse(server.files.get('r/n (copy 2).ipynb')!.content).cells[0].source).toEqual(['mine']);
    expect(JSON.parse(server.files.get(PATH)!.content).cells[0].source).toEqual(['theirs']);
    expect(await doc(docId)).toMatchObject({ path: 'r/n (copy 2).ipynb', dirty: false });
    expect(await openDoc('r/n (copy 2).ipynb')).toBe(docId);
    expect(await commands.conflict(docId)).toBeNull();
    await commands.edit(docId, { op: 'source', id: 'a', source: 'mine, later' });
    const created = server.files.get('r/n (copy 2).ipynb')!.version;
    expect(await commands.save(docId)).toEqual({ kind: 'applied' });
    // The doc has no version of its own for the copy: the listing's, which the copy's creation wrote.
    expect(server.fileSaves().at(-1)).toMatchObject({ body: { path: 'r/n (copy 2).ipynb' }, headers: { 'If-Match': created } });
    expect(await commands.undo(docId)).toMatchObject({ ok: true });
  });
});

describe('nbformat round trip', () => {
  it('a Jupyter file opened, edited and saved reads back as the same notebook and matches the 4.5 schema', async () => {
    const { server, commands, openDoc } = setup();
    const fixture = Object.values(import.meta.glob<string>('../../model/nbformat/fixtures/python-features.ipynb', { query: '?raw', import: 'default', eager: true }))[0];
    server.files.set('python.ipynb', { content: fixture, version: 'jupyter' });
    const docId = await openDoc('python.ipynb');
    const parsed = parseNotebook(fixture, 'python.ipynb');
    if (!parsed.ok) throw new Error(parsed.reason);
    const [first, second] = parsed.notebook.cells;
    const added = code('added', 'print("é 日本")\n');
    await commands.edit(docId, { op: 'source', id: first.id, source: `${first.source}\n# edited` });
    await commands.edit(docId, { op: 'replace', remove: [], insert: [{ index: 1, cell: added }] });
    await commands.edit(docId, { op: 'type', id: second.id, to: 'raw' });
    expect(await commands.save(docId)).toEqual({ kind: 'applied' });

    const saved = server.files.get('python.ipynb')!.content;
    expect(schemaProblem(JSON.parse(saved))).toBeNull();
    const again = parseNotebook(saved, 'python.ipynb');
    if (!again.ok) throw new Error(again.reason);
    let expected = applyEdit(parsed.notebook, { op: 'source', id: first.id, source: `${first.source}\n# edited` });
    expected = applyEdit(expected, { op: 'replace', remove: [], insert: [{ index: 1, cell: added }] });
    expected = applyEdit(expected, { op: 'type', id: second.id, to: 'raw' });
    expect(again.notebook).toEqual(expected);
    expect(again.warnings).toEqual([]);
  });
});

describe('autosave and the editor’s save state', () => {
  it('an autosave saves only edits no save holds yet, and tells no success nor waiting, only errors', async () => {
    const { db, server, commands, notices, openDoc } = setup();
    const docId = await openDoc();
    expect(await commands.save(docId, { auto: true })).toBeNull(); // a clean doc
    await commands.edit(docId, { op: 'source', id: 'a', source: 'auto' });
    expect(await commands.save(docId, { auto: true })).toEqual({ kind: 'applied' });
    server.state.online = false;
    await commands.edit(docId, { op: 'source', id: 'a', source: 'auto, offline' });
    expect(await commands.save(docId, { auto: true })).toEqual({ kind: 'waiting' });
    // That edit's save waits already: autosave (from this tab or another) writes no second one.
    const events = await db.events.count();
    expect(await commands.save(docId, { auto: true })).toBeNull();
    expect(await db.events.count()).toBe(events);
    expect(notices).toEqual([]);
    await commands.edit(docId, { op: 'metadata', metadata: { kernelspec: 'python3' } });
    await commands.save(docId, { auto: true });
    expect(notices).toEqual([{ kind: 'error', message: SAVE_ERROR_MESSAGE }]);
  });

  it('reads what the badge, autosave and the dialog need: the edit saved, a save waiting, a refused one', async () => {
    const { db, server, sender, commands, openDoc, doc } = setup();
    const state = (docId: string) => createReads(db).notebookSaveState(docId);
    const docId = await openDoc();
    expect(await state(docId)).toEqual({ conflict: null, refused: null, waiting: false, writtenEditSeq: null });
    server.state.online = false;
    await commands.edit(docId, { op: 'source', id: 'a', source: 'offline' });
    await commands.save(docId);
    expect(await state(docId)).toEqual({ conflict: null, refused: null, waiting: true, writtenEditSeq: (await doc(docId)).lastEditSeq });
    server.put(PATH, serializeNotebook(nb(code('a', 'theirs'))));
    server.state.online = true;
    expect(await Promise.all([sender.settled((await doc(docId)).saveId!), sender.wake()])).toContainEqual({ kind: 'failed', status: 409, message: expect.any(String) });
    expect(await state(docId)).toMatchObject({ conflict: { changeId: (await doc(docId)).saveId, status: 409 }, refused: null, waiting: false });
    // Autosave never goes over a refused save, even with edits after it.
    await commands.edit(docId, { op: 'source', id: 'a', source: 'offline, then more' });
    expect(await commands.save(docId, { auto: true })).toBeNull();
    await commands.keepMine(docId);
    expect(await state(docId)).toMatchObject({ conflict: null, waiting: false });
  });
});
