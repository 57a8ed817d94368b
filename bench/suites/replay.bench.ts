import type { Page } from '@playwright/test';
import type { ConsoleEvent } from '../../src/model/events';
import type { SaveRow } from '../../src/model/saves/projection';
import type { WorkspaceChangeRow } from '../../src/model/rows';
import { openDiskProfile } from '../support/chromium';
import { signInAsAdmin, waitForController } from '../support/consolePage';
import { within } from '../support/time';
import { result, type BenchSuite } from '../types';

const SUITE = 'replay';
const SAVES = 1_000;
const DB_NAME = 'data-platform-console';
/** How long the sending may take before the bench gives up on it (the budget is 10 s). */
const REPLAY_LIMIT_MS = 120_000;
const POLL_MS = 25;
/** Saves sent without the app, for the server-alone baseline. */
const DIRECT_SAVES = 100;

interface ReplayRun {
  /** From waking the sender (right after the changes were committed) until none of them is pending. */
  ms: number;
  pendingBefore: number;
  pendingLeft: number;
  failed: number;
  timedOut: boolean;
}

interface QueuedChange {
  event: Omit<ConsoleEvent, 'seq'>;
  change: Omit<WorkspaceChangeRow, 'seq'>;
  save: Omit<SaveRow, 'seq'>;
}

/** Changes made while the server was away, as the log holds them: a folder each, its event id its Idempotency-Key. */
function queuedChanges(run: string): QueuedChange[] {
  return Array.from({ length: SAVES }, (_, i) => {
    const id = `bench-${run}-${i}`;
    const path = `bench-${i}`;
    const at = Date.now();
    return {
      event: { id, type: 'WorkspaceFolderCreated', aggregateId: 'workspace', at, clientId: 'bench', tabId: 'bench', origin: 'local', v: 1, payload: { path } },
      change: { id, at, kind: 'folderCreated', path, state: 'sending' },
      save: { id, at, aggregateId: 'workspace', type: 'WorkspaceFolderCreated', label: `Create folder ${path}`, subject: path, state: 'pending', attempt: 0, overwrite: false },
    };
  });
}

/**
 * In the page: writes the changes into the log and its projections with raw IndexedDB (one
 * transaction, as append() would), wakes the page's sender (it listens to 'online'), then polls
 * until none is pending. (No named inner functions: tsx would wrap them in a `__name` helper the page does not have.)
 */
function replayInPage(page: Page, changes: QueuedChange[]): Promise<ReplayRun> {
  return page.evaluate(
    async ({ dbName, changes, limitMs, pollMs }) => {
      // Opening a database that does not exist would create an empty one and break the app's.
      if (!(await indexedDB.databases()).some((d) => d.name === dbName)) throw new Error(`no IndexedDB database ${dbName}`);
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      try {
        if (!db.objectStoreNames.contains('saves')) throw new Error(`${dbName} has no saves store`);
        const write = db.transaction(['events', 'workspaceChanges', 'saves'], 'readwrite');
        for (const { event, change, save } of changes) {
          const added = write.objectStore('events').add(event);
          added.onsuccess = () => {
            const seq = added.result as number;
            write.objectStore('workspaceChanges').put({ ...change, seq });
            write.objectStore('saves').put({ ...save, seq });
          };
        }
        await new Promise((ok, fail) => {
          write.oncomplete = ok;
          write.onerror = write.onabort = () => fail(write.error);
        });

        let start = 0;
        let pendingBefore = 0;
        // Poll 0 counts what is pending and wakes the sender; the others wait for it to drain.
        for (let poll = 0; ; poll++) {
          const byState = db.transaction('saves').objectStore('saves').index('[state+seq]');
          const [pending, failed] = await Promise.all(
            ['pending', 'failed'].map(
              (state) =>
                new Promise<number>((ok, fail) => {
                  const count = byState.count(IDBKeyRange.bound([state, -Infinity], [state, Infinity]));
                  count.onsuccess = () => ok(count.result);
                  count.onerror = () => fail(count.error);
                }),
            ),
          );
          if (poll === 0) {
            pendingBefore = pending;
            start = performance.now();
            window.dispatchEvent(new Event('online'));
            continue;
          }
          const ms = performance.now() - start;
          const timedOut = ms > limitMs;
          if (pending === 0 || timedOut) return { ms, pendingBefore, pendingLeft: pending, failed, timedOut };
          await new Promise((r) => setTimeout(r, pollMs));
        }
      } finally {
        db.close();
      }
    },
    { dbName: DB_NAME, changes, limitMs: REPLAY_LIMIT_MS, pollMs: POLL_MS },
  );
}

/**
 * The floor for sending one at a time: the same kind of save sent straight to the server from node
 * with the page's session, one after another, no app or IndexedDB involved.
 */
async function serverAloneMs(page: Page, origin: string, run: string): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < DIRECT_SAVES; i++) {
    const key = `bench-direct-${run}-${i}`;
    const res = await page.request.post(`${origin}/api/notebook/folders`, {
      headers: { 'idempotency-key': key },
      data: { path: `bench-direct-${i}` },
    });
    if (!res.ok()) throw new Error(`${SUITE}: direct POST /api/notebook/folders answered ${res.status()}`);
  }
  return (performance.now() - start) / DIRECT_SAVES;
}

interface AuditItem {
  key: string | null;
  path: string;
}

/**
 * 1,000 saves waiting in the log, sent by the page's sender (src/sync/outbox/sender.ts) against the
 * real console server: how long, and whether the server applied each exactly once (its audit log
 * lists every applied write).
 */
export const replaySuite: BenchSuite = {
  name: SUITE,
  async run({ server }) {
    const profile = await openDiskProfile();
    try {
      const page = await profile.context.newPage();
      await signInAsAdmin(page, server.url);
      await page.goto(`${server.url}/admin/workspace`);
      await waitForController(page, 30_000);

      const run = Date.now().toString(36);
      const changes = queuedChanges(run);
      const replay = await within(REPLAY_LIMIT_MS + 30_000, `${SUITE}: replay`, replayInPage(page, changes));

      const audit = await page.request.get(`${server.url}/api/notebook/audit?limit=10000`);
      if (!audit.ok()) throw new Error(`${SUITE}: GET /api/notebook/audit answered ${audit.status()}`);
      const ours = new Set(changes.map((c) => c.event.id));
      const applied = ((await audit.json()) as { items: AuditItem[] }).items.filter((item) => item.key !== null && ours.has(item.key));
      const distinct = new Set(applied.map((item) => item.key)).size;
      const order = applied.map((item) => Number(item.key?.split('-').pop()));
      const outOfOrder = order.filter((n, i) => i > 0 && n < order[i - 1]).length;

      // After the sending and its audit read, so it neither competes with them nor shows up above.
      const perSaveMs = await serverAloneMs(page, server.url, run);

      const note = [
        replay.timedOut ? `gave up after ${REPLAY_LIMIT_MS} ms with ${replay.pendingLeft} still pending` : 'until no save is pending',
        `${replay.failed} refused`,
        replay.pendingBefore < SAVES ? `only ${replay.pendingBefore} pending when timing began` : '',
      ].filter(Boolean).join('; ');
      return [
        result(SUITE, `${SAVES} queued saves replayed`, replay.ms, 'ms', 10_000, note),
        result(SUITE, 'saves lost', SAVES - distinct, 'saves', 0, `${distinct} distinct keys in the audit log`),
        result(SUITE, 'saves applied twice', applied.length - distinct, 'saves', 0, `${applied.length} audit rows for our keys`),
        result(SUITE, 'replay throughput', distinct / (replay.ms / 1000), 'saves/s'),
        result(SUITE, 'applied out of queue order', outOfOrder, 'saves', undefined, 'audit order vs log seq order'),
        result(SUITE, 'server alone: one folder POST, sequential (mean)', perSaveMs, 'ms', undefined, `${DIRECT_SAVES} POSTs from node, no app: the floor for sending one at a time`),
      ];
    } finally {
      await profile.close();
    }
  },
};
