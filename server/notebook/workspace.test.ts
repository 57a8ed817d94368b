import { describe, expect, it } from 'vitest';
import { IdempotencyStore } from '../http/idempotency.store';
import { openStore } from '../store/db';
import { manualClock, useFixture } from '../testing/harness';
import { newRow } from './files';
import { items } from './items';
import { toWorkspaceFile } from './model';
import { Workspace, type WriteContext } from './workspace';

const fixture = useFixture();

describe('Workspace.commit', () => {
  it('commits the row, the audit entry and the idempotent answer together, or none of them', async () => {
    const dataDir = await fixture.tempDir();
    const store = await openStore(dataDir);
    const clock = manualClock();
    const workspace = await Workspace.open(dataDir, store, clock.now);
    const keys = await IdempotencyStore.open(store, clock.now);
    const context = (key: string): WriteContext => ({
      username: 'admin',
      key,
      method: 'POST',
      route: '/api/notebook/folders',
      alsoInTransaction: (tx, file) => keys.save('admin', key, { fingerprint: key, status: 200, body: JSON.stringify({ file }), headers: {} }, tx),
    });
    const counts = async () => {
      const [row] = await store.all<{ items: number; audit: number; keys: number }>(`SELECT
        (SELECT count(*) FROM workspace_items) AS items,
        (SELECT count(*) FROM workspace_audit) AS audit,
        (SELECT count(*) FROM idempotency_keys) AS keys`);
      return row;
    };

    const failing = newRow(workspace, 'a', 'folder', 'admin', clock.now());
    await expect(
      workspace.commit(context('k1'), toWorkspaceFile(failing), async (tx) => {
        await items.insert(tx, failing);
        await tx.run('SELECT * FROM no_such_table'); // the write fails after its row went in
      }),
    ).rejects.toThrow(/no_such_table/);
    const crashing: WriteContext = {
      ...context('k1'),
      alsoInTransaction: async (tx, file) => {
        await context('k1').alsoInTransaction?.(tx, file);
        throw new Error('crashed before COMMIT');
      },
    };
    await expect(workspace.commit(crashing, toWorkspaceFile(failing), (tx) => items.insert(tx, failing))).rejects.toThrow('crashed');
    expect(await counts()).toEqual({ items: 0, audit: 0, keys: 0 });

    const row = newRow(workspace, 'a', 'folder', 'admin', clock.now());
    await workspace.commit(context('k2'), toWorkspaceFile(row), (tx) => items.insert(tx, row));
    expect(await counts()).toEqual({ items: 1, audit: 1, keys: 1 });
    const claim = await keys.claim('admin', 'k2');
    expect(claim.kind === 'stored' && JSON.parse(claim.answer.body).file.id).toBe(row.id);
    await store.close();
  });
});
