import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { append } from './append';
import { WORKSPACE_AGGREGATE } from './events';
import { newEvent, SERVICE_WORKER_TAB, type Identity } from './identity';
import { recordSaveOutcome, recordSaveOutcomes, saveOutcomeId, type SaveOutcome } from './saveOutcome';
import { freshDbs } from './testDb';

const freshDb = freshDbs('save-outcome');
const page: Identity = { clientId: 'client', tabId: 'tab-1' };
const worker: Identity = { clientId: 'client', tabId: SERVICE_WORKER_TAB };

async function change(db: ReturnType<typeof freshDb>) {
  const [event] = await append(db, [newEvent(page, { type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path: 'f' } })]);
  return event.id;
}

describe('saveOutcomeId', () => {
  const cases: [SaveOutcome, string][] = [
    [{ kind: 'queued' }, 'C:queued'],
    [{ kind: 'queued', attempt: 2 }, 'C:queued:2'],
    [{ kind: 'applied' }, 'C:applied'],
    [{ kind: 'discarded' }, 'C:discarded'],
    [{ kind: 'failed', status: 409, message: 'm', attempt: 3 }, 'C:failed:409:3'],
    [{ kind: 'failed', status: 409, message: 'm' }, 'C:failed:409:1234'],
  ];
  it.each(cases)('%o → %s', (outcome, id) => {
    expect(saveOutcomeId('C', outcome, 1234)).toBe(id);
  });
});

describe('recordSaveOutcome', () => {
  it('appends the save event and updates the change row', async () => {
    const db = freshDb();
    const id = await change(db);
    expect(await recordSaveOutcome(db, page, id, { kind: 'failed', status: 409, message: 'Changed on the server' }, 50)).toBe(true);
    const [, saved] = await db.events.orderBy('seq').toArray();
    expect(saved).toMatchObject({
      id: `${id}:failed:409:50`,
      type: 'WorkspaceSaveFailed',
      aggregateId: WORKSPACE_AGGREGATE,
      origin: 'local',
      payload: { changeId: id, status: 409, message: 'Changed on the server' },
    });
    expect(await db.workspaceChanges.get(id)).toMatchObject({ state: 'failed', status: 409 });
  });

  it('records an outcome once, however often it is reported', async () => {
    const db = freshDb();
    const id = await change(db);
    expect(await recordSaveOutcome(db, worker, id, { kind: 'applied' })).toBe(true);
    expect(await recordSaveOutcome(db, page, id, { kind: 'applied' })).toBe(false);
    expect(await db.events.count()).toBe(2);
  });

  it('marks what the service worker records as a replay', async () => {
    const db = freshDb();
    const id = await change(db);
    await recordSaveOutcome(db, worker, id, { kind: 'queued' });
    expect(await db.events.get({ id: `${id}:queued` })).toMatchObject({ origin: 'replay', tabId: SERVICE_WORKER_TAB });
  });

  it('records a second failure of a retried change', async () => {
    const db = freshDb();
    const id = await change(db);
    await recordSaveOutcome(db, worker, id, { kind: 'failed', status: 409, message: 'a', attempt: 1 });
    await recordSaveOutcome(db, worker, id, { kind: 'queued', attempt: 1 });
    expect(await db.workspaceChanges.get(id)).toMatchObject({ state: 'queued' });
    expect(await recordSaveOutcome(db, worker, id, { kind: 'failed', status: 409, message: 'b', attempt: 2 })).toBe(true);
    expect(await db.workspaceChanges.get(id)).toMatchObject({ state: 'failed', message: 'b' });
  });
});

describe('recordSaveOutcomes', () => {
  it('appends the missing outcomes in one append, in order, and skips the known ones', async () => {
    const db = freshDb();
    const [a, b, c] = [await change(db), await change(db), await change(db)];
    await recordSaveOutcome(db, worker, b, { kind: 'applied' });
    const stored = await recordSaveOutcomes(db, worker, [
      { changeId: a, outcome: { kind: 'applied' } },
      { changeId: b, outcome: { kind: 'applied' } }, // already recorded
      { changeId: c, outcome: { kind: 'failed', status: 409, message: 'changed', attempt: 0 } },
      { changeId: a, outcome: { kind: 'applied' } }, // twice in one call
    ]);
    expect(stored).toBe(2);
    const events = await db.events.orderBy('seq').toArray();
    expect(events.slice(4).map((event) => [event.id, event.origin])).toEqual([[`${a}:applied`, 'replay'], [`${c}:failed:409:0`, 'replay']]);
    expect(await db.workspaceChanges.get(a)).toMatchObject({ state: 'applied' });
    expect(await db.workspaceChanges.get(c)).toMatchObject({ state: 'failed', status: 409, message: 'changed' });
    // The same batch again (a replay after a lost answer): nothing new.
    expect(await recordSaveOutcomes(db, worker, [{ changeId: a, outcome: { kind: 'applied' } }, { changeId: c, outcome: { kind: 'failed', status: 409, message: 'changed', attempt: 0 } }])).toBe(0);
    expect(await db.events.count()).toBe(events.length);
    expect(await recordSaveOutcomes(db, worker, [])).toBe(0);
  });
});
