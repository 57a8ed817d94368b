import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { append } from './append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent, type Origin } from '../model/events';
import { newEvent, type Identity } from './identity';
import { workspaceInverse, workspaceInversion } from '../model/workspace/inverse';
import { freshDbs } from './testing/db';
import { aggregateHistory, redo, undo, undoState } from './undo';

const freshDb = freshDbs('undo');
const me: Identity = { clientId: 'client', tabId: 'tab' };
const AGG = WORKSPACE_AGGREGATE;

/** A tiny log language: 'A' = user action A, 'undo A', 'redo A', 'remote R', 'replay R', 'save A'. */
function script(steps: string[]): ConsoleEvent[] {
  return steps.map((step, i) => {
    const [verb, name = verb] = step.split(' ');
    const origin: Origin = verb === 'remote' || verb === 'replay' ? verb : 'local';
    const base = { seq: i + 1, aggregateId: AGG, at: i, clientId: 'c', tabId: 't', v: 1, origin };
    switch (verb) {
      case 'undo':
        return { ...base, id: `undo-${i}`, type: 'WorkspaceItemDeleted', payload: { path: name, undoOf: name } };
      case 'redo':
        return { ...base, id: `redo-${i}`, type: 'WorkspaceFolderCreated', payload: { path: name, redoOf: name } };
      case 'save':
        return { ...base, id: `save-${i}`, type: 'WorkspaceSaveApplied', payload: { changeId: name } };
      default:
        return { ...base, id: name, type: 'WorkspaceFolderCreated', payload: { path: name } };
    }
  });
}

describe('undoState', () => {
  const cases: [string, string[], string | null, string | null][] = [
    ['nothing done', [], null, null],
    ['do A, B', ['A', 'B'], 'B', null],
    ['undo → B is undone first', ['A', 'B', 'undo B'], 'A', 'B'],
    ['undo twice → A undone', ['A', 'B', 'undo B', 'undo A'], null, 'A'],
    ['redo → A again', ['A', 'B', 'undo B', 'undo A', 'redo A'], 'A', 'B'],
    ['redo twice', ['A', 'B', 'undo B', 'undo A', 'redo A', 'redo B'], 'B', null],
    ['a new action clears redo', ['A', 'B', 'undo B', 'C'], 'C', null],
    ['undo after redo', ['A', 'undo A', 'redo A', 'undo A'], null, 'A'],
    ['remote events push nothing', ['A', 'remote R'], 'A', null],
    ['replayed events push nothing', ['A', 'replay R'], 'A', null],
    ['remote events do not clear redo', ['A', 'undo A', 'remote R'], null, 'A'],
    ['save lifecycle events are not undoable', ['A', 'save A'], 'A', null],
    ['save lifecycle events do not clear redo', ['A', 'undo A', 'save A'], null, 'A'],
    ['a second undo of the same action is ignored', ['A', 'B', 'undo B', 'undo B'], 'A', 'B'],
  ];
  it.each(cases)('%s', (_name, steps, undoable, redoable) => {
    const state = undoState(script(steps), workspaceInverse);
    expect(state.undoable?.id ?? null).toBe(undoable);
    expect(state.redoable?.id ?? null).toBe(redoable);
  });
});

describe('workspaceInverse', () => {
  const e = (type: string, payload: object) => newEvent(me, { type, aggregateId: AGG, payload });
  const cases: [ConsoleEvent, unknown][] = [
    [e('WorkspaceFolderCreated', { path: 'f' }), { type: 'WorkspaceItemDeleted', payload: { path: 'f' } }],
    [e('WorkspaceNotebookCreated', { path: 'n.ipynb', content: '{}' }), { type: 'WorkspaceItemDeleted', payload: { path: 'n.ipynb' } }],
    [e('WorkspaceItemRenamed', { oldPath: 'a', newPath: 'b', version: 'v' }), { type: 'WorkspaceItemRenamed', payload: { oldPath: 'b', newPath: 'a' } }],
    [e('WorkspaceItemDeleted', { path: 'a', version: 'v' }), { type: 'WorkspaceItemRestored', payload: { path: 'a' } }],
    [e('WorkspaceItemRestored', { path: 'a' }), { type: 'WorkspaceItemDeleted', payload: { path: 'a' } }],
    [e('WorkspaceItemFavorited', { path: 'a', isFavorite: true, version: 'v' }), { type: 'WorkspaceItemFavorited', payload: { path: 'a', isFavorite: false } }],
    [e('WorkspaceItemPurged', { path: 'a' }), null],
    [e('WorkspaceNotebookSaved', { path: 'n.ipynb', content: '{}', docId: 'D', editSeq: 1 }), null],
    [e('WorkspaceSaveApplied', { changeId: 'x' }), null],
    [e('WorkspaceSaveFailed', { changeId: 'x', status: 409, message: '' }), null],
  ];
  it.each(cases)('inverts %#', (event, inverse) => {
    expect(workspaceInverse(event)).toEqual(inverse);
  });
});

describe('undo / redo on the log', () => {
  const act = (type: string, payload: object) => newEvent(me, { type, aggregateId: AGG, payload });

  it('appends the inverse through append(), then the original again', async () => {
    const db = freshDb();
    const [created] = await append(db, [act('WorkspaceFolderCreated', { path: 'f' })]);
    const [renamed] = await append(db, [act('WorkspaceItemRenamed', { oldPath: 'f', newPath: 'g', version: 'v1' })]);

    const [undone] = await undo(db, me, AGG, workspaceInverse);
    expect(undone).toMatchObject({ type: 'WorkspaceItemRenamed', origin: 'local', payload: { oldPath: 'g', newPath: 'f', undoOf: renamed.id } });
    expect(undone?.seq).toBe(3);
    // The inverse is an ordinary change: it has its own change row, waiting to be saved.
    expect(await db.workspaceChanges.get(undone?.id ?? '')).toMatchObject({ kind: 'renamed', path: 'g', newPath: 'f', state: 'sending' });

    expect(await undo(db, me, AGG, workspaceInverse)).toMatchObject([{ type: 'WorkspaceItemDeleted', payload: { path: 'f', undoOf: created.id } }]);
    expect(await undo(db, me, AGG, workspaceInverse)).toEqual([]);

    expect(await redo(db, me, AGG, workspaceInverse)).toMatchObject([{ type: 'WorkspaceFolderCreated', payload: { path: 'f', redoOf: created.id } }]);
    const [again] = await redo(db, me, AGG, workspaceInverse);
    expect(again?.payload).toEqual({ oldPath: 'f', newPath: 'g', version: 'v1', redoOf: renamed.id });
    expect(await redo(db, me, AGG, workspaceInverse)).toEqual([]);
    expect(await db.events.count()).toBe(6);
  });

  it('ignores other aggregates and save outcomes', async () => {
    const db = freshDb();
    const [created] = await append(db, [act('WorkspaceFolderCreated', { path: 'f' })]);
    await append(db, [
      newEvent(me, { type: 'WorkspaceFolderCreated', aggregateId: 'other', payload: { path: 'x' } }),
      act('WorkspaceSaveApplied', { changeId: created.id }),
    ]);
    expect((await undo(db, me, AGG, workspaceInverse))[0]?.payload).toMatchObject({ undoOf: created.id });
  });

  it('two tabs undoing at once undo two different actions', async () => {
    const db = freshDb();
    const [a] = await append(db, [act('WorkspaceFolderCreated', { path: 'a' })]);
    const [b] = await append(db, [act('WorkspaceFolderCreated', { path: 'b' })]);
    const other: Identity = { clientId: 'client', tabId: 'tab-2' };
    const both = await Promise.all([undo(db, me, AGG, workspaceInverse), undo(db, other, AGG, workspaceInverse)]);
    expect(both.map(([e]) => (e?.payload as { undoOf: string }).undoOf).sort()).toEqual([a.id, b.id].sort());
  });

  it('renames of one group (a move) are one step: undone last first, redone in their order', async () => {
    const db = freshDb();
    const [before] = await append(db, [act('WorkspaceFolderCreated', { path: 'dest' })]);
    const move = [act('WorkspaceItemRenamed', { oldPath: 'a', newPath: 'dest/a', group: 'm' }), act('WorkspaceItemRenamed', { oldPath: 'b', newPath: 'dest/b', group: 'm' })];
    const [first, second] = await append(db, move);
    const undone = await undo(db, me, AGG, workspaceInverse, first.id);
    expect(undone.map((e) => e.payload)).toEqual([
      { oldPath: 'dest/b', newPath: 'b', undoOf: second.id },
      { oldPath: 'dest/a', newPath: 'a', undoOf: first.id },
    ]);
    expect(undoState(await aggregateHistory(db, AGG), workspaceInverse).undoable?.id).toBe(before.id);
    const redone = await redo(db, me, AGG, workspaceInverse);
    expect(redone.map((e) => e.payload)).toEqual([
      { oldPath: 'a', newPath: 'dest/a', group: 'm', redoOf: first.id },
      { oldPath: 'b', newPath: 'dest/b', group: 'm', redoOf: second.id },
    ]);
    expect(undoState(await aggregateHistory(db, AGG), workspaceInverse).undoStep.map((e) => e.id)).toEqual([first.id, second.id]);
  });

  it('groups join only when consecutive: another action between makes separate steps', async () => {
    const db = freshDb();
    await append(db, [act('WorkspaceItemRenamed', { oldPath: 'a', newPath: 'd/a', group: 'm' })]);
    const [other] = await append(db, [act('WorkspaceFolderCreated', { path: 'x' })]);
    const [late] = await append(db, [act('WorkspaceItemRenamed', { oldPath: 'b', newPath: 'd/b', group: 'm' })]);
    expect(undoState(await aggregateHistory(db, AGG), workspaceInverse).undoStep.map((e) => e.id)).toEqual([late.id]);
    await undo(db, me, AGG, workspaceInverse);
    expect(undoState(await aggregateHistory(db, AGG), workspaceInverse).undoable?.id).toBe(other.id);
  });

  it('a permanent delete is not undone, nor are the earlier changes of what it deleted: undo skips to the action before', async () => {
    const db = freshDb();
    const [kept] = await append(db, [act('WorkspaceFolderCreated', { path: 'keep' })]);
    await append(db, [act('WorkspaceFolderCreated', { path: 'f' })]);
    await append(db, [act('WorkspaceItemRenamed', { oldPath: 'f', newPath: 'g' })]);
    await append(db, [act('WorkspaceItemDeleted', { path: 'g' })]);
    await append(db, [act('WorkspaceItemPurged', { path: 'g' })]);
    expect(undoState(await aggregateHistory(db, AGG), workspaceInversion.ofHistory(await aggregateHistory(db, AGG))).undoable?.id).toBe(kept.id);
    expect(await undo(db, me, AGG, workspaceInversion)).toMatchObject([{ type: 'WorkspaceItemDeleted', payload: { path: 'keep', undoOf: kept.id } }]);
    expect(await undo(db, me, AGG, workspaceInversion)).toEqual([]);
  });
});
