import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { append } from './append';
import { WORKSPACE_AGGREGATE } from '../model/events';
import { newEvent, type Identity } from './identity';
import { recordSaveOutcomes, saveOutcomeId, type SaveOutcome } from './saveOutcome';
import { freshDbs } from './testing/db';

const freshDb = freshDbs('save-outcome');
const page: Identity = { clientId: 'client', tabId: 'tab-1' };

async function change(db: ReturnType<typeof freshDb>, path = 'f') {
  const [event] = await append(db, [newEvent(page, { type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path } })]);
  return { id: event.id, aggregateId: event.aggregateId };
}

describe('saveOutcomeId', () => {
  const cases: [SaveOutcome, string][] = [
    [{ kind: 'applied' }, 'C:applied'],
    [{ kind: 'applied', answer: { serverId: 3 } }, 'C:applied'],
    [{ kind: 'discarded' }, 'C:discarded'],
    [{ kind: 'failed', status: 409, message: 'm', attempt: 3 }, 'C:failed:3'],
    [{ kind: 'retried', attempt: 1, overwrite: true }, 'C:retried:1'],
  ];
  it.each(cases)('%o → %s', (outcome, id) => {
    expect(saveOutcomeId('C', outcome)).toBe(id);
  });
});

describe('recordSaveOutcomes', () => {
  it('appends the outcome on the change’s aggregate and moves its save and its change row', async () => {
    const db = freshDb();
    const folder = await change(db);
    const stored = await recordSaveOutcomes(db, page, [{ change: folder, outcome: { kind: 'failed', status: 409, message: 'Changed on the server', attempt: 0 } }], 50);
    expect(stored).toMatchObject([
      { id: `${folder.id}:failed:0`, type: 'SaveFailed', aggregateId: WORKSPACE_AGGREGATE, at: 50, origin: 'local', payload: { changeId: folder.id, status: 409, message: 'Changed on the server', attempt: 0 } },
    ]);
    expect(await db.saves.get(folder.id)).toMatchObject({ state: 'failed', status: 409, message: 'Changed on the server' });
    expect(await db.workspaceChanges.get(folder.id)).toMatchObject({ state: 'failed', status: 409 });
  });

  it('a retry makes the save pending again for a new round; the round’s own refusal counts, an older one does not', async () => {
    const db = freshDb();
    const folder = await change(db);
    await recordSaveOutcomes(db, page, [{ change: folder, outcome: { kind: 'failed', status: 409, message: 'x', attempt: 0 } }]);
    await recordSaveOutcomes(db, page, [{ change: folder, outcome: { kind: 'retried', attempt: 1, overwrite: true } }]);
    expect(await db.saves.get(folder.id)).toMatchObject({ state: 'pending', attempt: 1, overwrite: true });
    expect(await db.workspaceChanges.get(folder.id)).toMatchObject({ state: 'sending' });
    await recordSaveOutcomes(db, page, [{ change: folder, outcome: { kind: 'failed', status: 409, message: 'late', attempt: 0 } }]);
    expect(await db.saves.get(folder.id)).toMatchObject({ state: 'pending', attempt: 1 });
  });

  it('stores a repeat once, and several outcomes in one append', async () => {
    const db = freshDb();
    const [a, b] = [await change(db, 'a'), await change(db, 'b')];
    const applied = (c: typeof a) => ({ change: c, outcome: { kind: 'applied' as const } });
    expect(await recordSaveOutcomes(db, page, [applied(a), applied(b), applied(a)])).toHaveLength(2);
    expect(await recordSaveOutcomes(db, page, [applied(a)])).toEqual([]);
    expect((await db.saves.toArray()).map((row) => row.state)).toEqual(['applied', 'applied']);
    expect(await db.events.count()).toBe(4);
  });

  it('applied and discarded are final', async () => {
    const db = freshDb();
    const folder = await change(db);
    await recordSaveOutcomes(db, page, [{ change: folder, outcome: { kind: 'applied' } }]);
    await recordSaveOutcomes(db, page, [{ change: folder, outcome: { kind: 'failed', status: 500, message: 'x', attempt: 0 } }]);
    expect(await db.saves.get(folder.id)).toMatchObject({ state: 'applied' });
  });

  it('records nothing for no outcomes', async () => {
    const db = freshDb();
    expect(await recordSaveOutcomes(db, page, [])).toEqual([]);
    expect(await db.events.count()).toBe(0);
  });
});
