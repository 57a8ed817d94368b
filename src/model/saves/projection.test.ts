import { describe, expect, it } from 'vitest';
import { SAVED_QUERIES_AGGREGATE, WORKSPACE_AGGREGATE, type ConsoleEvent } from '../events';
import type { SaveRow } from './projection';
import { saveOf, saves } from './projection';

function event(type: string, payload: unknown, extra: Partial<ConsoleEvent> = {}): ConsoleEvent {
  return { id: 'E1', seq: 7, type, aggregateId: WORKSPACE_AGGREGATE, at: 1000, clientId: 'c', tabId: 't', origin: 'local', v: 1, payload, ...extra };
}

// Called through a plain function: `x.apply(undefined, …)` reads to eslint like Function.prototype.apply.
const { apply, keyOf } = saves;
const pending = apply(undefined, event('WorkspaceItemRenamed', { oldPath: 'a.ipynb', newPath: 'r/b.ipynb' })) as SaveRow;
const outcome = (type: string, payload: object) => event(type, { changeId: 'E1', ...payload }, { id: `E1:${type}`, seq: 9 });
const after = (...events: ConsoleEvent[]) => events.reduce<SaveRow | undefined>((row, e) => apply(row, e), pending);

describe('the saves projection: the log as the queue of saves', () => {
  it('a change the server has to be told of is a pending save, keyed by its event id, with its words', () => {
    expect(keyOf(event('WorkspaceItemRenamed', {}))).toBe('E1');
    expect(pending).toEqual({ id: 'E1', seq: 7, at: 1000, aggregateId: WORKSPACE_AGGREGATE, type: 'WorkspaceItemRenamed', label: 'Rename a.ipynb to b.ipynb', subject: 'r/b.ipynb', state: 'pending', attempt: 0, overwrite: false });
  });

  it.each([
    ['SavedQueryCreated', { id: 'Q1', query: { label: 'Top' } }, 'Save query Top'],
    ['SavedQueryEdited', { id: 'Q1', name: 'Top' }, 'Edit saved query Top'],
    ['SavedQueryFavorited', { id: 'Q1', name: 'Top' }, 'Favourite Top'],
    ['SavedQueryUnfavorited', { id: 'Q1', name: 'Top' }, 'Unfavourite Top'],
    ['SavedQueryDeleted', { id: 'Q1', query: { label: 'Top' } }, 'Delete saved query Top'],
    ['SavedQueryRestored', { id: 'Q1', query: { label: 'Top' } }, 'Restore saved query Top'],
  ])('%s is a save about its query', (type, payload, label) => {
    expect(saveOf(event(type, payload, { aggregateId: SAVED_QUERIES_AGGREGATE }))).toEqual({ label, subject: 'Q1' });
  });

  it('an open notebook’s save is a save about its path', () => {
    const payload = { path: 'r/n.ipynb', content: '{}', docId: 'D', editSeq: 3 };
    expect(saveOf(event('WorkspaceNotebookSaved', payload))).toEqual({ label: 'Save notebook r/n.ipynb', subject: 'r/n.ipynb' });
  });

  it('other events are not saves (tabs, catalog edits, outcomes)', () => {
    for (const type of ['SqlTabOpened', 'CatalogNodeCreated', 'SaveApplied']) expect(saveOf(event(type, { id: 'x', changeId: 'y' }))).toBeNull();
  });

  it('outcomes move it: applied and discarded are final', () => {
    expect(keyOf(outcome('SaveApplied', {}))).toBe('E1');
    expect(after(outcome('SaveApplied', {}))).toMatchObject({ state: 'applied' });
    expect(after(outcome('SaveApplied', {}), outcome('SaveFailed', { status: 500, message: 'x', attempt: 0 }))).toMatchObject({ state: 'applied' });
    expect(after(outcome('SaveFailed', { status: 409, message: 'Changed', attempt: 0 }), outcome('SaveDiscarded', {}))).toMatchObject({ state: 'discarded', status: 409 });
  });

  it('a retry of a refused save is a new round; a late refusal of the old round does not undo it', () => {
    const refused = outcome('SaveFailed', { status: 409, message: 'Changed', attempt: 0 });
    const retried = outcome('SaveRetried', { attempt: 1, overwrite: true });
    expect(after(refused, retried)).toEqual({ ...pending, state: 'pending', attempt: 1, overwrite: true });
    expect(after(refused, retried, refused)).toMatchObject({ state: 'pending', attempt: 1 });
    expect(after(retried)).toEqual(pending); // nothing to retry yet
  });

  it('reads the outcomes earlier versions recorded', () => {
    const old = (type: string, payload: object = {}) => event(type, { changeId: 'E1', ...payload }, { id: `E1:${type}` });
    expect(after(old('WorkspaceSaveQueued'))).toMatchObject({ state: 'pending' });
    expect(after(old('WorkspaceSaveApplied'))).toMatchObject({ state: 'applied' });
    expect(after(old('WorkspaceSaveFailed', { status: 403, message: 'No' }))).toMatchObject({ state: 'failed', status: 403 });
    expect(after(old('WorkspaceSaveFailed', { status: 403, message: 'No' }), old('WorkspaceSaveQueued'))).toMatchObject({ state: 'pending', attempt: 1 });
    expect(after(old('WorkspaceSaveDiscarded'))).toMatchObject({ state: 'discarded' });
  });

  it('an outcome for a change this log never saw changes nothing', () => {
    expect(apply(undefined, outcome('SaveApplied', {}))).toBeUndefined();
  });
});
