import { describe, expect, it } from 'vitest';
import { notebookAggregate, WORKSPACE_AGGREGATE, type ConsoleEvent } from '../model/events';
import { docAtPath, docPath, notebookInversion } from './notebookDocs';
import { eventMaker } from '../model/testing/events';
import { undoState } from './undo';

const make = eventMaker();
const ev = (type: string, payload: object, aggregateId = WORKSPACE_AGGREGATE): ConsoleEvent => make(type, aggregateId, payload);
const renamed = (oldPath: string, newPath: string) => ev('WorkspaceItemRenamed', { oldPath, newPath });

describe('where an open notebook is now', () => {
  it('follows renames of the notebook and moves of a folder above it made after it was opened', () => {
    const before = renamed('old/n.ipynb', 'r/n.ipynb');
    const doc = { docId: 'D', path: 'r/n.ipynb', openedSeq: before.seq! };
    const events = [before, renamed('r/n.ipynb', 'r/m.ipynb'), renamed('r', 'reports'), renamed('reports', 'archive/reports'), renamed('rx', 'elsewhere')];
    expect(docPath(doc, events)).toBe('archive/reports/m.ipynb');
    expect(docPath(doc, events.slice(0, 2))).toBe('r/m.ipynb');
    expect(docAtPath([doc], events, 'archive/reports/m.ipynb')).toBe(doc);
    expect(docAtPath([doc], events, 'r/n.ipynb')).toBeNull();
  });

  it('a rename whose save was dropped did not happen', () => {
    const doc = { docId: 'D', path: 'n.ipynb', openedSeq: 0 };
    const rename = renamed('n.ipynb', 'm.ipynb');
    expect(docPath(doc, [rename], new Set([rename.id]))).toBe('n.ipynb');
  });

  it('is nowhere once deleted (until restored) or when another notebook is created in its place', () => {
    const doc = { docId: 'D', path: 'r/n.ipynb', openedSeq: 0 };
    const deleted = ev('WorkspaceItemDeleted', { path: 'r' });
    expect(docPath(doc, [deleted])).toBeNull();
    expect(docPath(doc, [deleted, ev('WorkspaceItemRestored', { path: 'r' })])).toBe('r/n.ipynb');
    expect(docPath(doc, [deleted, ev('WorkspaceNotebookCreated', { path: 'r/n.ipynb', content: '' })])).toBeNull();
  });

  it('of several docs at a path, the last opened is the one', () => {
    const older = { docId: 'A', path: 'n.ipynb', openedSeq: 1 };
    const newer = { docId: 'B', path: 'n.ipynb', openedSeq: 5 };
    expect(docAtPath([newer, older], [], 'n.ipynb')).toBe(newer);
  });
});

describe('undo of a notebook', () => {
  const D = notebookAggregate('D');
  const opened = (copyOf?: string) => ev('NotebookOpened', { docId: 'D', path: 'n.ipynb', content: '{}', copyOf }, D);
  const edited = (source: string, group?: string) =>
    ev('NotebookEdited', { edit: { op: 'source', id: 'a', source }, inverse: { op: 'source', id: 'a', source: `not ${source}` }, group }, D);

  it('undoes an edit with its inverse; openings and outputs are not undone; a group is one step', () => {
    const history = [opened(), edited('1', 'g'), edited('12', 'g'), ev('NotebookOutputsRecorded', { cellId: 'a', outputs: [], executionCount: 1 }, D)];
    const invert = notebookInversion.ofHistory(history);
    const state = undoState(history, invert);
    expect(state.undoStep.map((event) => event.id)).toEqual([history[1].id, history[2].id]);
    expect(invert(history[2])).toEqual({ type: 'NotebookEdited', payload: { edit: { op: 'source', id: 'a', source: 'not 12' }, inverse: { op: 'source', id: 'a', source: '12' } } });
    expect(invert(history[0])).toBeNull();
    expect(invert(history[3])).toBeNull();
  });

  it('edits before the server’s file was taken are not undone; a doc moved to its copy keeps its history', () => {
    const retaken = [opened(), edited('mine'), opened()];
    expect(undoState(retaken, notebookInversion.ofHistory(retaken)).undoable).toBeNull();
    const first = opened();
    const before = edited('mine');
    const copied = [first, before, opened('n.ipynb')];
    expect(undoState(copied, notebookInversion.ofHistory(copied)).undoable).toBe(before);
  });
});
