import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { append } from '../../db/append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../../model/events';
import { newEvent, type Identity } from '../../db/identity';
import { CARRIED_SAVE } from '../../model/saves/projection';
import { recordSaveOutcomes } from '../../db/saveOutcome';
import { freshDbs } from '../../db/testing/db';
import { carriedSaveRoute, copyPathFor, createSaveCommands, NO_COPY_MESSAGE, NOT_REFUSED_MESSAGE } from './saves';
import type { SaveVerdict } from '../../sync/outbox/sender';

const freshDb = freshDbs('save-commands');
const me: Identity = { clientId: 'client', tabId: 'tab' };

async function setup(verdict: SaveVerdict | null = { kind: 'applied' }) {
  const db = freshDb();
  const sender = { wake: vi.fn() };
  const workspace = { createNotebook: vi.fn(async () => verdict) };
  const commands = createSaveCommands({ db, identity: me, notify: () => {}, sender, workspace });
  const change = async (type: string, payload: object) => (await append(db, [newEvent(me, { type, aggregateId: WORKSPACE_AGGREGATE, payload })]))[0];
  const refuse = (event: ConsoleEvent, status: number) => recordSaveOutcomes(db, me, [{ change: event, outcome: { kind: 'failed', status, message: 'no', attempt: 0 } }]);
  return { db, sender, workspace, commands, change, refuse };
}

describe('the way out of a refused save', () => {
  it('retry starts a new round (an overwrite after a 409) and wakes the sender', async () => {
    const { db, sender, commands, change, refuse } = await setup();
    const renamed = await change('WorkspaceItemRenamed', { oldPath: 'a', newPath: 'b', version: '1' });
    await refuse(renamed, 409);
    expect(await commands.retry(renamed.id)).toBe(true);
    expect(await db.saves.get(renamed.id)).toMatchObject({ state: 'pending', attempt: 1, overwrite: true });
    expect(sender.wake).toHaveBeenCalledOnce();
    await refuse({ ...renamed }, 403); // the recording of round 0 again: ignored
    expect(await db.saves.get(renamed.id)).toMatchObject({ state: 'pending' });
  });

  it('retry after another refusal is a plain retry', async () => {
    const { db, commands, change, refuse } = await setup();
    const folder = await change('WorkspaceFolderCreated', { path: 'f' });
    await refuse(folder, 403);
    await commands.retry(folder.id);
    expect(await db.saves.get(folder.id)).toMatchObject({ state: 'pending', overwrite: false });
  });

  it('discard drops it for good; neither acts on a save that is not refused', async () => {
    const { db, commands, change, refuse } = await setup();
    const folder = await change('WorkspaceFolderCreated', { path: 'f' });
    expect(await commands.discard(folder.id)).toEqual({ ok: false, reason: 'not-refused', message: NOT_REFUSED_MESSAGE });
    expect(await commands.retry(folder.id)).toMatchObject({ reason: 'not-refused' });
    await refuse(folder, 403);
    expect(await commands.discard(folder.id)).toBe(true);
    expect(await db.saves.get(folder.id)).toMatchObject({ state: 'discarded', status: 403 });
    expect(await db.workspaceChanges.get(folder.id)).toMatchObject({ state: 'discarded' });
  });

  it('keep as a copy creates the notebook under a copy’s name with its content, then drops the refused save', async () => {
    const { db, commands, change, refuse, workspace } = await setup();
    const created = await change('WorkspaceNotebookCreated', { path: 'r/q1.ipynb', content: '{"cells":[1]}' });
    await refuse(created, 409);
    expect(await commands.keepCopy(created.id)).toBe(true);
    expect(workspace.createNotebook).toHaveBeenCalledWith(expect.stringMatching(/^r\/q1 \(copy \d{4}\)\.ipynb$/), '{"cells":[1]}');
    expect(await db.saves.get(created.id)).toMatchObject({ state: 'discarded' });
  });

  it('keeps the refused save when the copy is refused too; only notebooks can be copied', async () => {
    const { db, commands, change, refuse } = await setup({ kind: 'failed', status: 500, message: 'disk full' });
    const created = await change('WorkspaceNotebookCreated', { path: 'a.ipynb', content: '{}' });
    await refuse(created, 409);
    expect(await commands.keepCopy(created.id)).toMatchObject({ ok: false, message: 'The copy was not saved either: disk full' });
    expect(await db.saves.get(created.id)).toMatchObject({ state: 'failed' });
    const folder = await change('WorkspaceFolderCreated', { path: 'f' });
    await refuse(folder, 409);
    expect(await commands.keepCopy(folder.id)).toMatchObject({ message: NO_COPY_MESSAGE });
  });

  it('copyPathFor keeps the extension and the folder', () => {
    const at = new Date(2025, 0, 1, 9, 5);
    expect(copyPathFor('reports/q1.ipynb', at)).toBe('reports/q1 (copy 0905).ipynb');
    expect(copyPathFor('reports.v2/notes', at)).toBe('reports.v2/notes (copy 0905)');
  });
});

describe('saves carried over from the service worker’s queue', () => {
  const carried = (payload: object): ConsoleEvent => ({ ...newEvent(me, { type: CARRIED_SAVE, aggregateId: 'saves', payload }), seq: 1 });
  const round = { key: 'new-key', attempt: 0, overwrite: false, label: 'L' };
  const stored = { key: 'old-key', method: 'POST', url: '/api/bi/v1/saved_query/', headers: { 'idempotency-key': 'old-key', 'X-CSRFToken': 'stale', 'x-console-label': 'L' }, body: '{"label":"q"}', label: 'Save q' };

  it('go as they were, under their own key the first time and a fresh CSRF token', async () => {
    expect(await carriedSaveRoute().request(carried(stored), round)).toEqual({
      method: 'POST',
      url: '/api/bi/v1/saved_query/',
      headers: { 'x-console-label': 'L', 'Idempotency-Key': 'old-key' },
      body: { label: 'q' },
      csrf: true,
    });
    expect(await carriedSaveRoute().request(carried(stored), { ...round, attempt: 1 })).toMatchObject({ headers: { 'Idempotency-Key': 'new-key' } });
  });

  it('one whose body is not JSON is refused, not sent', async () => {
    expect(await carriedSaveRoute().request(carried({ ...stored, body: 'not json' }), round)).toEqual({ refuse: expect.any(String) });
  });
});
