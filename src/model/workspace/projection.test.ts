import { describe, expect, it } from 'vitest';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../events';
import type { SaveState, WorkspaceChangeRow } from '../rows';
import { PROJECTIONS } from '../projections';
import { workspaceChanges } from './projection';

function event(type: string, payload: unknown, extra: Partial<ConsoleEvent> = {}): ConsoleEvent {
  return { id: 'E1', seq: 7, type, aggregateId: WORKSPACE_AGGREGATE, at: 1000, clientId: 'c', tabId: 't', origin: 'local', v: 1, payload, ...extra };
}

function row(state: SaveState, extra: Partial<WorkspaceChangeRow> = {}): WorkspaceChangeRow {
  return { id: 'C1', seq: 3, at: 500, kind: 'renamed', path: 'a.ipynb', newPath: 'b.ipynb', state, ...extra };
}

// Called through a plain function: `x.apply(undefined, …)` reads to eslint like Function.prototype.apply.
const { apply, keyOf } = workspaceChanges;

const outcomes = {
  queued: event('WorkspaceSaveQueued', { changeId: 'C1' }),
  applied: event('WorkspaceSaveApplied', { changeId: 'C1' }),
  failed: event('WorkspaceSaveFailed', { changeId: 'C1', status: 409, message: 'Changed on the server' }),
  discarded: event('WorkspaceSaveDiscarded', { changeId: 'C1' }),
};
type OutcomeName = keyof typeof outcomes;

describe('workspaceChanges projection: change events', () => {
  const cases: [string, unknown, Partial<WorkspaceChangeRow>][] = [
    ['WorkspaceFolderCreated', { path: 'f' }, { kind: 'folderCreated', path: 'f' }],
    ['WorkspaceNotebookCreated', { path: 'f/n.ipynb', content: '{}' }, { kind: 'notebookCreated', path: 'f/n.ipynb' }],
    ['WorkspaceItemRenamed', { oldPath: 'a', newPath: 'b', version: 'v1' }, { kind: 'renamed', path: 'a', newPath: 'b' }],
    ['WorkspaceItemDeleted', { path: 'a', version: 'v1' }, { kind: 'deleted', path: 'a' }],
    ['WorkspaceItemRestored', { path: 'a' }, { kind: 'restored', path: 'a' }],
  ];
  it.each(cases)('%s makes a sending row keyed by the event id', (type, payload, expected) => {
    const e = event(type, payload);
    expect(keyOf(e)).toBe('E1');
    expect(apply(undefined, e)).toEqual({ id: 'E1', seq: 7, at: 1000, state: 'sending', ...expected });
  });

  it('refuses an event without seq (append assigns it before projecting)', () => {
    expect(() => apply(undefined, event('WorkspaceFolderCreated', { path: 'f' }, { seq: undefined }))).toThrow(/no seq/);
  });
});

describe('workspaceChanges projection: save outcomes', () => {
  it('keys outcomes by payload.changeId and ignores other events', () => {
    expect(keyOf(outcomes.failed)).toBe('C1');
    expect(keyOf(event('CellInserted', { changeId: 'C1' }))).toBeNull();
  });

  const cases: [SaveState, OutcomeName, Partial<WorkspaceChangeRow>][] = [
    ['sending', 'queued', { state: 'queued' }],
    ['sending', 'applied', { state: 'applied' }],
    ['sending', 'failed', { state: 'failed', status: 409, message: 'Changed on the server' }],
    ['sending', 'discarded', { state: 'discarded' }],
    ['queued', 'applied', { state: 'applied' }],
    ['queued', 'failed', { state: 'failed', status: 409, message: 'Changed on the server' }],
    ['queued', 'discarded', { state: 'discarded' }],
    ['failed', 'queued', { state: 'queued', status: undefined, message: undefined }],
    ['failed', 'applied', { state: 'applied', status: undefined, message: undefined }],
    ['failed', 'failed', { state: 'failed', status: 409, message: 'Changed on the server' }],
    ['failed', 'discarded', { state: 'discarded', status: 412, message: 'old' }],
    // Final states: late or replayed outcomes do not move them.
    ['applied', 'queued', { state: 'applied' }],
    ['applied', 'failed', { state: 'applied' }],
    ['applied', 'discarded', { state: 'applied' }],
    ['discarded', 'queued', { state: 'discarded' }],
    ['discarded', 'applied', { state: 'discarded' }],
    ['discarded', 'failed', { state: 'discarded' }],
  ];
  it.each(cases)('%s + %s', (from, outcome, expected) => {
    const before = from === 'failed' ? row(from, { status: 412, message: 'old' }) : row(from);
    const after = apply(before, outcomes[outcome]);
    expect(after).toEqual({ ...before, ...expected });
    expect(before.state).toBe(from); // the input row is not modified
  });

  it('returns the same row object when nothing changes, so append can skip the write', () => {
    const before = row('applied');
    expect(apply(before, outcomes.queued)).toBe(before);
  });

  it.each(Object.keys(outcomes) as OutcomeName[])('%s for an unknown change is ignored', (outcome) => {
    expect(apply(undefined, outcomes[outcome])).toBeUndefined();
  });

  it('drops failure details when the change is queued again', () => {
    const after = apply(row('failed', { status: 409, message: 'x' }), outcomes.queued);
    expect(after).not.toHaveProperty('status');
    expect(after).not.toHaveProperty('message');
  });
});

describe('projection registry', () => {
  it('has one projection per table', () => {
    const tables = PROJECTIONS.map((p) => p.table);
    expect(new Set(tables).size).toBe(tables.length);
    expect(tables).toContain('workspaceChanges');
  });
});
