import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDbs } from '../../db/testing/db';
import type { Identity } from '../../db/identity';
import { duplicateEdit, moveEdit } from '../../model/notebookDoc/operations';
import { serializeNotebook } from '../../model/nbformat/serialize';
import type { Cell, Nbformat45 } from '../../model/nbformat/types';
import { createNotebookDocCommands, NO_DOC_MESSAGE } from './doc';
import { createNotebookFiles } from './files';
import { fakeNotebookServer } from '../testing/fakeNotebookServer';
import { memoryTabLocks } from '../../db/testing/tabLocks';
import { memoryStorage } from '../../db/testing/storage';
import { createTypingJournal } from '../../db/typingJournal';

const freshDb = freshDbs('notebook-cells');
const me: Identity = { clientId: 'client', tabId: 'tab-1' };
const code = (id: string, source = id): Cell => ({ id, cell_type: 'code', metadata: {}, source, outputs: [{ output_type: 'stream', name: 'stdout', text: id }], execution_count: 1 });
const nb = (...cells: Cell[]): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });
const PATH = 'r/cells.ipynb';

async function setup() {
  const db = freshDb();
  const server = fakeNotebookServer();
  server.put(PATH, serializeNotebook(nb(code('a', 'x = 1'), code('b', 'y = 2'), code('c', 'z = 3'))));
  const { read } = createNotebookFiles({ db, notify: () => {}, api: { getLocalFile: server.getLocalFile } });
  const sender = { wake: () => {}, settled: async () => ({ kind: 'applied' as const }) };
  const docs = createNotebookDocCommands({ db, identity: me, notify: () => {}, sender, read, journal: createTypingJournal(memoryStorage(), me.tabId, memoryTabLocks()) });
  const opened = await docs.open(PATH);
  if (!opened.ok) throw new Error(opened.message);
  const notebook = async () => (await db.notebookDocs.get(opened.docId))!.notebook;
  const ids = async () => (await notebook()).cells.map((cell) => cell.id);
  const sources = async () => (await notebook()).cells.map((cell) => cell.source);
  return { docs, docId: opened.docId, notebook, ids, sources };
}

describe('cell intents decided on the stored doc', () => {
  it('two moves in a row both land (each reads what the other wrote), where edits decided on one snapshot lose the second', async () => {
    const { docs, docId, notebook, ids } = await setup();
    const snapshot = await notebook(); // what the screen shows until its live query catches up
    await docs.moveCells(docId, ['a'], 1);
    await docs.moveCells(docId, ['a'], 1);
    expect(await ids()).toEqual(['b', 'c', 'a']);

    // The old editor's path: both moves built from the same snapshot.
    const old = await setup();
    await old.docs.edit(old.docId, moveEdit(snapshot, ['a'], 1)!);
    await old.docs.edit(old.docId, moveEdit(snapshot, ['a'], 1)!);
    expect(await old.ids()).toEqual(['b', 'a', 'c']);
  });

  it('a duplicate right after typing copies the typed text, not the text on screen before it', async () => {
    const { docs, docId, notebook, sources } = await setup();
    const snapshot = await notebook();
    await docs.edit(docId, { op: 'source', id: 'a', source: 'x = 42' }); // the typing flushed first
    await docs.duplicateCells(docId, ['a']);
    expect(await sources()).toEqual(['x = 42', 'x = 42', 'y = 2', 'z = 3']);

    const old = await setup();
    await old.docs.edit(old.docId, { op: 'source', id: 'a', source: 'x = 42' });
    await old.docs.edit(old.docId, duplicateEdit(snapshot, ['a'], () => 'copy')!);
    expect((await old.sources())[1]).toBe('x = 1');
  });

  it('delete, cut and paste, merge and split, each one undo step', async () => {
    const { docs, docId, ids, sources } = await setup();
    await docs.deleteCells(docId, ['b']);
    expect(await ids()).toEqual(['a', 'c']);
    const cut = await docs.cutCells(docId, ['c']);
    expect(cut.ok && cut.cells.map((cell) => cell.source)).toEqual(['z = 3']);
    await docs.pasteCells(docId, 'a', 'above', cut.ok ? cut.cells : []);
    expect(await sources()).toEqual(['z = 3', 'x = 1']);
    await docs.mergeCells(docId, [], (await ids())[0]);
    expect(await sources()).toEqual(['z = 3\nx = 1']);
    await docs.splitCell(docId, (await ids())[0], [5]);
    expect(await sources()).toEqual(['z = 3', 'x = 1']);
    for (let i = 0; i < 5; i++) await docs.undo(docId);
    expect(await ids()).toEqual(['a', 'b', 'c']);
  });

  it('changes the type of several cells and clears all outputs as one undo step each', async () => {
    const { docs, docId, notebook } = await setup();
    await docs.changeType(docId, ['a', 'c'], 'markdown');
    expect((await notebook()).cells.map((cell) => cell.cell_type)).toEqual(['markdown', 'code', 'markdown']);
    await docs.clearOutputs(docId);
    expect((await notebook()).cells.flatMap((cell) => (cell.cell_type === 'code' ? cell.outputs : []))).toEqual([]);
    await docs.undo(docId);
    expect((await notebook()).cells[1]).toMatchObject({ outputs: [{ text: 'b' }], execution_count: 1 });
    await docs.undo(docId);
    expect((await notebook()).cells.map((cell) => cell.cell_type)).toEqual(['code', 'code', 'code']);
  });

  it('inserts the cell the editor named, and places a SQL cell (its metadata)', async () => {
    const { docs, docId, ids, notebook } = await setup();
    await docs.insertCell(docId, 'a', 'below', 'new');
    expect(await ids()).toEqual(['a', 'new', 'b', 'c']);
    await docs.placeSqlCell(docId, 'new', { databaseId: 1, schema: 'main' });
    expect((await notebook()).cells[1].metadata).toEqual({ sql: { database_id: 1, schema: 'main' } });
  });

  it('writes nothing when there is nothing to do, and refuses a doc not open here', async () => {
    const { docs, docId } = await setup();
    const first = await docs.moveCells(docId, ['a'], -1);
    expect(first.ok && first.events).toEqual([]);
    expect(await docs.deleteCells('nope', ['a'])).toMatchObject({ ok: false, message: NO_DOC_MESSAGE });
  });
});
