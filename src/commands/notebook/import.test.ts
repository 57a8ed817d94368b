import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { WORKSPACE_AGGREGATE } from '../../model/events';
import type { Identity } from '../../db/identity';
import { workspaceInversion } from '../../model/workspace/inverse';
import { readWorkspace } from '../../db/reads';
import { freshDbs } from '../../db/testing/db';
import { redo, undo } from '../../db/undo';
import { writeWorkspaceListing } from '../../db/workspaceFiles';
import { serializeNotebook, type Nbformat45 } from '../../model/nbformat';
import { serverFile } from '../../sync/testing/serverFile';
import { WAITING_NOTICE_ID, type Notice } from '../core';
import { copyName, createNotebookImport, IMPORT_FAILED_MESSAGE, importedMessage, MAX_IMPORT_BYTES, type ImportSource } from './import';
import type { SaveVerdict } from '../../sync/outbox/sender';

const freshDb = freshDbs('notebook-import');
const me: Identity = { clientId: 'client', tabId: 'tab' };

const notebook = (source: string): Nbformat45 => ({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: 'ir', display_name: 'R' } },
  cells: [
    { id: 'c1', cell_type: 'code', metadata: {}, source, execution_count: 1, outputs: [
      { output_type: 'stream', name: 'stdout', text: '\u001b[31mred\u001b[0m\n' },
      { output_type: 'display_data', metadata: {}, data: { 'image/png': 'iVBORw0KGgo=\n', 'text/plain': ['<Figure>'] } },
    ] },
  ],
});

/** A file as the browser gives it: a name, a size and its bytes. */
function file(name: string, text: string): ImportSource {
  const bytes = new TextEncoder().encode(text);
  return { name, size: bytes.length, arrayBuffer: async () => bytes.buffer };
}
const good = (name: string, source = 'x <- 1') => file(name, serializeNotebook(notebook(source)));

function setup(verdict: SaveVerdict = { kind: 'applied' }, maxBytes?: number) {
  const db = freshDb();
  const notices: Notice[] = [];
  const sender = { wake: vi.fn(), settled: vi.fn(async () => verdict) };
  const run = createNotebookImport({ db, identity: me, notify: (n) => notices.push(n), sender, waitingMessage: 'Waiting.', maxBytes });
  const created = async () =>
    (await db.events.where('type').equals('WorkspaceNotebookCreated').toArray()).map((e) => e.payload as { path: string; content: string });
  return { db, notices, sender, run, created };
}

describe('copyName', () => {
  it('keeps a free name and numbers a clash as "name (n).ext", taking the first free n', () => {
    expect(copyName('a.ipynb', new Set())).toBe('a.ipynb');
    expect(copyName('a.ipynb', new Set(['a.ipynb']))).toBe('a (1).ipynb');
    expect(copyName('a.ipynb', new Set(['a.ipynb', 'a (1).ipynb', 'a (3).ipynb']))).toBe('a (2).ipynb');
    expect(copyName('v1.2.ipynb', new Set(['v1.2.ipynb']))).toBe('v1.2 (1).ipynb');
  });
});

describe('importing notebooks', () => {
  it('imports the good files of a batch and none of the bad, each bad one with its reason', async () => {
    const { run, created, notices, sender } = setup();
    const showDetails = vi.fn();
    const report = await run('reports', [
      good('a.ipynb'),
      file('notes.txt', 'hello'),
      file('broken.ipynb', '{"cells": ['),
      file('future.ipynb', JSON.stringify({ nbformat: 5, nbformat_minor: 0, metadata: {}, cells: [] })),
      good('b.ipynb'),
    ], showDetails);
    expect(report.imported.map((i) => i.path)).toEqual(['reports/a.ipynb', 'reports/b.ipynb']);
    expect(report.failed).toEqual([
      { file: 'notes.txt', reason: 'Only .ipynb notebooks can be imported.' },
      { file: 'broken.ipynb', reason: expect.stringMatching(/^The file is not JSON \(/) as string },
      { file: 'future.ipynb', reason: 'nbformat 5 is not supported: this console reads nbformat 3 and 4.' },
    ]);
    expect((await created()).map((c) => c.path)).toEqual(['reports/a.ipynb', 'reports/b.ipynb']);
    expect(notices).toEqual([{ kind: 'success', message: '2 notebooks imported successfully!', action: { label: 'Details', onClick: showDetails } }]);
    expect(sender.wake).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(sender.settled).toHaveBeenCalledTimes(2));
  });

  it('refuses a deeply nested file by name with the reason and imports the rest of the batch', async () => {
    const { run, created, notices } = setup();
    const nested = '['.repeat(5000) + ']'.repeat(5000);
    const deep = file('deep.ipynb', `{"nbformat":4,"nbformat_minor":5,"metadata":{"x":${nested}},"cells":[]}`);
    const report = await run('', [good('a.ipynb'), deep, good('b.ipynb')], () => undefined);
    expect(report.failed).toEqual([{ file: 'deep.ipynb', reason: 'The file is nested deeper than 256 levels.' }]);
    expect((await created()).map((c) => c.path)).toEqual(['a.ipynb', 'b.ipynb']);
    expect(notices[0]).toMatchObject({ kind: 'success', message: '2 notebooks imported successfully!' });
  });

  it('stores each notebook as Jupyter writes it, outputs and metadata as read', async () => {
    const { run, created } = setup();
    const text = serializeNotebook(notebook('plot(1)'));
    await run('', [file('plot.ipynb', text)]);
    expect(await created()).toEqual([{ path: 'plot.ipynb', content: text, group: expect.any(String) as string }]);
  });

  it('normalises what it reads: an nbformat 4.2 file becomes 4.5 with cell ids, and says so', async () => {
    const { run, created } = setup();
    const old = { nbformat: 4, nbformat_minor: 2, metadata: {}, cells: [{ cell_type: 'markdown', metadata: {}, source: ['# T\n', 'x'] }] };
    const report = await run('', [file('old.ipynb', JSON.stringify(old))]);
    expect(report.imported[0].warnings).toEqual(['Upgraded from nbformat 4.2 to 4.5.']);
    const stored = JSON.parse((await created())[0].content) as { nbformat_minor: number; cells: { id: string }[] };
    expect(stored.nbformat_minor).toBe(5);
    expect(stored.cells[0].id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('never overwrites: a clash with the folder or with the batch gets a numbered copy; deleted items and other folders do not count', async () => {
    const { db, run, created } = setup();
    await writeWorkspaceListing(db, 'workspace', [
      serverFile('r'),
      serverFile('r/a.ipynb'),
      serverFile('r/b.ipynb', { isDeleted: true }),
      serverFile('c.ipynb'),
    ], 1000);
    const report = await run('r', [good('a.ipynb'), good('a.ipynb'), good('b.ipynb'), good('c.ipynb'), good('A.IPYNB')]);
    expect(report.imported.map((i) => i.path)).toEqual(['r/a (1).ipynb', 'r/a (2).ipynb', 'r/b.ipynb', 'r/c.ipynb', 'r/A.ipynb']);
    expect((await created()).map((c) => c.path)).toEqual(report.imported.map((i) => i.path));
  });

  it('counts what this browser created but the server has not seen yet', async () => {
    const { db, run } = setup();
    await run('', [good('a.ipynb')]);
    expect((await readWorkspace(db)).items.map((i) => i.path)).toEqual(['a.ipynb']);
    const again = await run('', [good('a.ipynb')]);
    expect(again.imported.map((i) => i.path)).toEqual(['a (1).ipynb']);
  });

  it('a batch is one undo step: undo deletes every notebook it imported, redo brings them all back', async () => {
    const { db, run } = setup();
    await run('', [good('keep.ipynb')]);
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}.ipynb`);
    await run('r', [...names.map((name) => good(name)), file('bad.txt', 'x')]);
    const live = async () => (await readWorkspace(db)).items.filter((i) => !i.isDeleted).map((i) => i.path).sort();
    const batch = names.map((name) => `r/${name}`);
    expect(await live()).toEqual(['keep.ipynb', ...batch]);
    const undone = await undo(db, me, WORKSPACE_AGGREGATE, workspaceInversion);
    expect(undone.map((e) => [e.type, (e.payload as { path: string }).path])).toEqual([...batch].reverse().map((path) => ['WorkspaceItemDeleted', path]));
    expect(await live()).toEqual(['keep.ipynb']);
    await redo(db, me, WORKSPACE_AGGREGATE, workspaceInversion);
    expect(await live()).toEqual(['keep.ipynb', ...batch]);
    // The next undo takes the batch again, whole; the earlier import is a step of its own.
    expect(await undo(db, me, WORKSPACE_AGGREGATE, workspaceInversion)).toHaveLength(5);
    expect(await undo(db, me, WORKSPACE_AGGREGATE, workspaceInversion)).toHaveLength(1);
    expect(await live()).toEqual([]);
  });

  it('refuses hostile and oversized files without reading them', async () => {
    const { run } = setup();
    const huge = { name: 'huge.ipynb', size: MAX_IMPORT_BYTES + 1, arrayBuffer: vi.fn() };
    const report = await run('', [file('.hidden.ipynb', '{}'), file('a\u0007b.ipynb', '{}'), file('invoice\u202Ebpyni.ipynb', '{}'), file('CON.ipynb', '{}'), huge]);
    expect(report.failed.map((f) => f.reason)).toEqual([
      'Names starting with . are reserved.',
      'Names cannot contain control characters.',
      'Names cannot contain bidirectional text controls (U+202E).',
      expect.stringMatching(/CON/),
      'The file is too large (30.0 MB; the limit is 30.0 MB).',
    ]);
    expect(huge.arrayBuffer).not.toHaveBeenCalled();
  });

  it('refuses each file over the configured limit by name, with the reason, and imports the others', async () => {
    const { run } = setup({ kind: 'applied' }, 1024 * 1024);
    const big = { name: 'big.ipynb', size: 2 * 1024 * 1024, arrayBuffer: vi.fn() };
    const report = await run('', [good('a.ipynb'), big]);
    expect(report.imported.map((f) => f.file)).toEqual(['a.ipynb']);
    expect(report.failed).toEqual([{ file: 'big.ipynb', reason: 'The file is too large (2.0 MB; the limit is 1.0 MB).' }]);
    expect(big.arrayBuffer).not.toHaveBeenCalled();
  });

  it('with nothing good, says it failed, writes no event and wakes no sender', async () => {
    const { db, run, notices, sender } = setup();
    const showDetails = vi.fn();
    const report = await run('', [file('bad.ipynb', '[]')], showDetails);
    expect(report).toEqual({ imported: [], failed: [{ file: 'bad.ipynb', reason: 'The file holds a JSON array, not a notebook object.' }] });
    expect(notices).toEqual([{ kind: 'error', message: IMPORT_FAILED_MESSAGE, action: { label: 'Details', onClick: showDetails } }]);
    expect(await db.events.count()).toBe(0);
    expect(sender.wake).not.toHaveBeenCalled();
  });

  it('a whole good batch has no Details action; its toast counts the notebooks', async () => {
    const { run, notices } = setup();
    await run('', [good('a.ipynb')], vi.fn());
    expect(notices).toEqual([{ kind: 'success', message: importedMessage(1), action: undefined }]);
    expect(importedMessage(1)).toBe('1 notebook imported successfully!');
    expect(importedMessage(2)).toBe('2 notebooks imported successfully!');
  });

  it('imports are events of the workspace: offline they wait (one shared notice); a refused save names its file', async () => {
    const waiting = setup({ kind: 'waiting' });
    await waiting.run('', [good('a.ipynb'), good('b.ipynb')]);
    await vi.waitFor(() => expect(waiting.notices).toHaveLength(2));
    expect(waiting.notices.slice(1)).toEqual([{ kind: 'info', message: 'Waiting.', id: WAITING_NOTICE_ID }]);
    const [event] = await waiting.db.events.toArray();
    expect(event).toMatchObject({ aggregateId: WORKSPACE_AGGREGATE, origin: 'local' });

    const refused = setup({ kind: 'failed', status: 409, message: 'Already exists' });
    await refused.run('r', [good('a.ipynb')]);
    await vi.waitFor(() => expect(refused.notices).toHaveLength(2));
    expect(refused.notices.slice(1)).toEqual([{ kind: 'error', message: 'Import of a.ipynb was not saved: Already exists' }]);
  });
});
