import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { append } from '../db/append';
import { WORKSPACE_AGGREGATE } from '../db/events';
import { newEvent, type Identity } from '../db/identity';
import { recordSaveOutcome } from '../db/saveOutcome';
import type { ConsoleDb } from '../db/schema';
import { freshDbs } from '../db/testDb';
import { countFailed, countQueued, discardSave, getOutboxEntry, retrySave } from './outboxActions';
import { outboxRow } from './testing/fakeNetwork';

const freshDb = freshDbs('sw-outbox-actions');
const page: Identity = { clientId: 'client', tabId: 'tab-1' };

/** A rename in the log whose queued save the server refused with a 409. */
async function failedRename(db: ConsoleDb) {
  const [change] = await append(db, [
    newEvent(page, { type: 'WorkspaceItemRenamed', aggregateId: WORKSPACE_AGGREGATE, payload: { oldPath: 'a.ipynb', newPath: 'b.ipynb', version: 'v1' } }),
  ]);
  await recordSaveOutcome(db, page, change.id, { kind: 'failed', status: 409, message: 'changed', attempt: 0 });
  const headers = { 'content-type': 'application/json', 'idempotency-key': 'old-key', 'if-match': 'v1', 'x-console-change': change.id };
  const seq = await db.outbox.add(outboxRow(1, { key: 'old-key', headers, changeId: change.id, state: 'failed', status: 409, error: 'changed' }));
  return { seq, changeId: change.id };
}

describe('retrySave', () => {
  it('queues the save again with a new Idempotency-Key, keeping its place', async () => {
    const db = freshDb();
    const { seq, changeId } = await failedRename(db);
    expect(await retrySave(db, seq, { identity: page, newKey: () => 'new-key' })).toBe(true);

    const row = await getOutboxEntry(db, seq);
    expect(row).toMatchObject({ seq, key: 'new-key', state: 'queued', attempts: 1 });
    expect(row).not.toHaveProperty('status');
    expect(row).not.toHaveProperty('error');
    expect(row?.headers).toMatchObject({ 'idempotency-key': 'new-key', 'if-match': 'v1' });
    expect(await db.workspaceChanges.get(changeId)).toMatchObject({ state: 'queued' });
  });

  it('drops the version checks when the user overwrites after a conflict', async () => {
    const db = freshDb();
    const { seq } = await failedRename(db);
    await db.outbox.update(seq, { headers: { 'Idempotency-Key': 'old-key', 'If-Match': 'v1', 'If-None-Match': '*', 'X-Console-Label': 'x' } });
    await retrySave(db, seq, { identity: page, overwrite: true, newKey: () => 'new-key' });
    expect((await getOutboxEntry(db, seq))?.headers).toEqual({ 'X-Console-Label': 'x', 'idempotency-key': 'new-key' });
  });

  it('does nothing for a save that is not failed (a second click)', async () => {
    const db = freshDb();
    const { seq } = await failedRename(db);
    expect(await retrySave(db, seq, { identity: page, newKey: () => 'k2' })).toBe(true);
    expect(await retrySave(db, seq, { identity: page, newKey: () => 'k3' })).toBe(false);
    expect(await retrySave(db, 999, { identity: page })).toBe(false);
    expect((await getOutboxEntry(db, seq))?.key).toBe('k2');
  });
});

describe('discardSave', () => {
  it('deletes the save and marks its change discarded', async () => {
    const db = freshDb();
    const { seq, changeId } = await failedRename(db);
    expect(await discardSave(db, seq)).toBe(true);
    expect(await getOutboxEntry(db, seq)).toBeUndefined();
    expect(await db.workspaceChanges.get(changeId)).toMatchObject({ state: 'discarded' });
    expect(await discardSave(db, seq)).toBe(false);
  });

  it('deletes a save that has no change in the log', async () => {
    const db = freshDb();
    const seq = await db.outbox.add(outboxRow(1, { state: 'failed' }));
    expect(await discardSave(db, seq, { identity: page })).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('counts for the badge', () => {
  it('counts queued and failed saves', async () => {
    const db = freshDb();
    await db.outbox.bulkAdd([outboxRow(1), outboxRow(2, { state: 'failed' }), outboxRow(3), outboxRow(4)]);
    expect(await countQueued(db)).toBe(3);
    expect(await countFailed(db)).toBe(1);
  });
});
