import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { append } from './append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../model/events';
import { newEvent, type Identity } from './identity';
import { contentInLog, notebookContentInLog } from './notebookContent';
import { freshDbs } from './testing/db';

const freshDb = freshDbs('notebook-content');
const me: Identity = { clientId: 'client', tabId: 'tab' };
const event = (type: string, payload: object): ConsoleEvent => newEvent(me, { type, aggregateId: WORKSPACE_AGGREGATE, payload });
const created = (path: string, content: string) => event('WorkspaceNotebookCreated', { path, content });
const renamed = (oldPath: string, newPath: string) => event('WorkspaceItemRenamed', { oldPath, newPath });

describe('a notebook’s content in the log', () => {
  it('is what its creation wrote, the latest one at that path', () => {
    expect(contentInLog([created('a.ipynb', 'one'), created('b.ipynb', 'two'), created('a.ipynb', 'three')], 'a.ipynb')).toBe('three');
    expect(contentInLog([created('a.ipynb', 'one')], 'b.ipynb')).toBeNull();
  });

  it('is what an open notebook’s latest save wrote, after its creation', () => {
    const saved = event('WorkspaceNotebookSaved', { path: 'a.ipynb', content: 'edited', docId: 'D', editSeq: 1 });
    expect(contentInLog([created('a.ipynb', 'one'), saved, renamed('a.ipynb', 'b.ipynb')], 'b.ipynb')).toBe('edited');
  });

  it('follows renames of the notebook and of folders above it (not of look-alike names)', () => {
    const log = [created('r/a.ipynb', 'A'), created('rx/b.ipynb', 'B'), renamed('r', 'reports'), renamed('reports/a.ipynb', 'reports/q1.ipynb')];
    expect(contentInLog(log, 'reports/q1.ipynb')).toBe('A');
    expect(contentInLog(log, 'r/a.ipynb')).toBeNull();
    expect(contentInLog(log, 'rx/b.ipynb')).toBe('B');
  });

  it('reads the workspace events of a database, in order, and nothing else', async () => {
    const db = freshDb();
    await append(db, [created('a.ipynb', 'one'), renamed('a.ipynb', 'b.ipynb'), newEvent(me, { type: 'WorkspaceNotebookCreated', aggregateId: 'other', payload: { path: 'b.ipynb', content: 'x' } })]);
    expect(await notebookContentInLog(db, 'b.ipynb')).toBe('one');
  });
});
