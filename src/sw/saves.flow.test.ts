import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { append } from '../db/append';
import { WORKSPACE_AGGREGATE } from '../db/events';
import { newEvent, SERVICE_WORKER_TAB } from '../db/identity';
import { freshDbs } from '../db/testDb';
import { handleSave } from './outbox';
import { createOutcomeRecorder } from './outcomes';
import { replayPass } from './replay';
import { fakeNetwork, json, saveRequest } from './testing/fakeNetwork';

const freshDb = freshDbs('sw-flow');

describe('a save made offline, end to end through the log', () => {
  it('is queued, then applied on replay, and its change follows', async () => {
    const db = freshDb();
    const page = { clientId: 'client-1', tabId: 'tab-1' };
    await db.uiState.put({ key: 'clientId', value: 'client-1' });
    const [change] = await append(db, [newEvent(page, { type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path: 'f' } })]);
    let online = false;
    const network = fakeNetwork(() => (online ? json(201, {}) : 'offline'));
    const record = createOutcomeRecorder(db);
    const request = saveRequest('/api/notebook/folders', { headers: { 'Idempotency-Key': change.id, 'X-Console-Change': change.id }, body: { path: 'f' } });

    const answer = await handleSave(request, { db, fetch: network.fetch, record, onQueued: () => {} });
    expect(answer.status).toBe(202);
    expect(await db.workspaceChanges.get(change.id)).toMatchObject({ state: 'queued' });
    expect(await db.events.get({ id: `${change.id}:queued` })).toMatchObject({ clientId: 'client-1', tabId: SERVICE_WORKER_TAB, origin: 'replay' });

    online = true;
    expect(await replayPass({ db, fetch: network.fetch, record })).toEqual({ applied: 1, failed: 0, remaining: 0 });
    expect(network.seen.map((s) => s.key)).toEqual([change.id, change.id]);
    expect(await db.workspaceChanges.get(change.id)).toMatchObject({ state: 'applied' });
  });

  it('creates the clientId when this profile has none yet', async () => {
    const db = freshDb();
    await createOutcomeRecorder(db)('unknown-change', { kind: 'queued' });
    expect(typeof (await db.uiState.get('clientId'))?.value).toBe('string');
  });
});
