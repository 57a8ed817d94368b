import { describe, expect, it } from 'vitest';
import { serializeNotebook } from '../nbformat/serialize';
import type { Cell, Nbformat45 } from '../nbformat/types';
import { notebookAggregate, WORKSPACE_AGGREGATE, type ConsoleEvent } from '../events';
import type { NotebookDocRow } from '../rows';
import { eventMaker } from '../testing/events';
import { notebookDocs } from './projection';

const code = (id: string, source = id): Cell => ({ id, cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null });
const nb = (...cells: Cell[]): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });

const ev = eventMaker();
const D = notebookAggregate('D');
const opened = (content = serializeNotebook(nb(code('a', 'x = 1\ny = 2'), code('b'))), version: string | undefined = 'v1') =>
  ev('NotebookOpened', D, { docId: 'D', path: 'r/n.ipynb', content, version });
const edited = (source: string, id = 'a') => ev('NotebookEdited', D, { edit: { op: 'source', id, source }, inverse: { op: 'source', id, source: '' } });
const savedChange = (editSeq: number, id = 'S') => ev('WorkspaceNotebookSaved', WORKSPACE_AGGREGATE, { path: 'r/n.ipynb', content: '{}', docId: 'D', editSeq, version: 'v1' }, id);
const applied = (editSeq: number, version = 'v2', changeId = 'S') => ev('SaveApplied', WORKSPACE_AGGREGATE, { changeId, answer: { docId: 'D', version, editSeq } });

function run(events: ConsoleEvent[], row?: NotebookDocRow): NotebookDocRow | undefined {
  for (const event of events) {
    const key = notebookDocs.keyOf(event);
    if (key !== null) {
      expect(key).toBe('D');
      row = notebookDocs.apply(row, event);
    }
  }
  return row;
}

describe('the notebookDocs projection', () => {
  it('an opened notebook is the file read back (lines joined), clean, based on the server version', () => {
    const open = opened();
    expect(run([open])).toEqual({
      docId: 'D',
      path: 'r/n.ipynb',
      openedSeq: open.seq,
      notebook: nb(code('a', 'x = 1\ny = 2'), code('b')),
      baseVersion: 'v1',
      lastEditSeq: open.seq,
      savedEditSeq: open.seq,
      dirty: false,
    });
  });

  it('edits and recorded outputs change the notebook and make it dirty; other cells are untouched', () => {
    const open = opened();
    const outputs = [{ output_type: 'stream', name: 'stdout', text: 'hi\n' }];
    const recorded = ev('NotebookOutputsRecorded', D, { cellId: 'b', outputs, executionCount: 4 });
    const row = run([open, edited('x = 3'), recorded])!;
    expect(row.notebook.cells).toEqual([code('a', 'x = 3'), { ...code('b'), outputs, execution_count: 4 }]);
    expect(row).toMatchObject({ dirty: true, lastEditSeq: recorded.seq, savedEditSeq: open.seq });
  });

  it('a save the server applied moves the base to its version; only the edits it held are saved', () => {
    const open = opened();
    const first = edited('x = 3');
    let row = run([open, first, savedChange(first.seq!)]);
    expect(row).toMatchObject({ saveId: 'S', dirty: true, baseVersion: 'v1' });
    const later = edited('x = 4');
    row = run([later, applied(first.seq!)], row);
    expect(row).toMatchObject({ baseVersion: 'v2', savedEditSeq: first.seq, lastEditSeq: later.seq, dirty: true });
    row = run([applied(later.seq!, 'v3', 'S2')], row);
    expect(row).toMatchObject({ baseVersion: 'v3', dirty: false });
  });

  it('a save made before the doc was opened again (taking theirs) does not move the new base', () => {
    const first = edited('mine');
    let row = run([opened(), first]);
    row = run([opened(undefined, 'theirs')], row);
    expect(run([applied(first.seq!)], row)).toMatchObject({ baseVersion: 'theirs', dirty: false });
  });

  it('ignores edits of a doc it never saw, contents it cannot read, and events of others', () => {
    expect(run([edited('x')])).toBeUndefined();
    const row = run([opened()]);
    expect(run([opened('not json')], row)).toBe(row);
    expect(notebookDocs.keyOf(ev('SaveApplied', WORKSPACE_AGGREGATE, { changeId: 'X', answer: { id: 3 } }))).toBeNull();
    expect(notebookDocs.keyOf(ev('SqlTextChanged', 'tab', { sql: '' }))).toBeNull();
    expect(notebookDocs.keyOf(ev('NotebookEdited', 'workspace', {}))).toBeNull();
  });
});
