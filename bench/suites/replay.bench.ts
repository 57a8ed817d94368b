import type { Page } from '@playwright/test';
import type { OutboxRow } from '../../src/db/schema';
import type { SavesReplayedMessage } from '../../src/sw/messages';
import { openDiskProfile } from '../support/chromium';
import { signInAsAdmin, waitForController } from '../support/consolePage';
import { within } from '../support/time';
import { result, type BenchSuite } from '../types';

const SUITE = 'replay';
const SAVES = 1_000;
const DB_NAME = 'data-platform-console';
/** How long the replay may take before the bench gives up on it (the budget is 10 s). */
const REPLAY_LIMIT_MS = 120_000;
const POLL_MS = 25;
/** Saves sent without the worker, for the server-alone baseline. */
const DIRECT_SAVES = 100;

interface ReplayRun {
  /** From posting REPLAY_SAVES (right after the rows were committed) until none of them is queued. */
  ms: number;
  queuedBefore: number;
  queuedLeft: number;
  failed: number;
  timedOut: boolean;
  /** What the worker posted back after each pass. */
  messages: SavesReplayedMessage[];
}

/** Queued saves as the service worker's outbox holds them: one folder each, a fresh Idempotency-Key each. */
function queuedSaves(origin: string, run: string): OutboxRow[] {
  return Array.from({ length: SAVES }, (_, i) => {
    const key = `bench-${run}-${i}`;
    return {
      key,
      method: 'POST',
      url: `${origin}/api/notebook/folders`,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ path: `bench-${i}` }),
      label: `Create folder bench-${i}`,
      createdAt: Date.now(),
      attempts: 0,
      state: 'queued',
    };
  });
}

/**
 * In the page: writes the rows into the outbox with raw IndexedDB (one transaction, as if the worker
 * had queued them), posts REPLAY_SAVES to the controlling worker, then polls until none is queued.
 * (No named inner functions: tsx would wrap them in a `__name` helper the page does not have.)
 */
function replayInPage(page: Page, rows: OutboxRow[]): Promise<ReplayRun> {
  return page.evaluate(
    async ({ dbName, rows, limitMs, pollMs }) => {
      // Opening a database that does not exist would create an empty one and break the app's.
      if (!(await indexedDB.databases()).some((d) => d.name === dbName)) throw new Error(`no IndexedDB database ${dbName}`);
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      try {
        if (!db.objectStoreNames.contains('outbox')) throw new Error(`${dbName} has no outbox store`);
        const worker = navigator.serviceWorker.controller;
        if (!worker) throw new Error('the page lost its service worker controller');
        const messages: SavesReplayedMessage[] = [];
        navigator.serviceWorker.addEventListener('message', (event: MessageEvent<SavesReplayedMessage>) => {
          if (event.data?.type === 'SAVES_REPLAYED') messages.push(event.data);
        });
        const write = db.transaction('outbox', 'readwrite');
        for (const row of rows) write.objectStore('outbox').add(row);
        await new Promise((ok, fail) => {
          write.oncomplete = ok;
          write.onerror = write.onabort = () => fail(write.error);
        });

        let start = 0;
        let queuedBefore = 0;
        // Poll 0 counts what is queued and starts the replay; the others wait for the queue to drain.
        for (let poll = 0; ; poll++) {
          const states = db.transaction('outbox').objectStore('outbox').index('state');
          const [queued, failed] = await Promise.all(
            ['queued', 'failed'].map(
              (state) =>
                new Promise<number>((ok, fail) => {
                  const count = states.count(state);
                  count.onsuccess = () => ok(count.result);
                  count.onerror = () => fail(count.error);
                }),
            ),
          );
          if (poll === 0) {
            queuedBefore = queued;
            start = performance.now();
            worker.postMessage({ type: 'REPLAY_SAVES' });
            continue;
          }
          const ms = performance.now() - start;
          const timedOut = ms > limitMs;
          if (queued === 0 || timedOut) return { ms, queuedBefore, queuedLeft: queued, failed, timedOut, messages };
          await new Promise((r) => setTimeout(r, pollMs));
        }
      } finally {
        db.close();
      }
    },
    { dbName: DB_NAME, rows, limitMs: REPLAY_LIMIT_MS, pollMs: POLL_MS },
  );
}

/**
 * The floor for a sequential replay: the same kind of save sent straight to the server from node
 * with the page's session, one after another, no service worker or IndexedDB involved.
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
 * 1,000 queued saves replayed by the real service worker against the real console server:
 * how long, and whether the server applied each exactly once (its audit log lists every applied write).
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
      const rows = queuedSaves(server.url, run);
      const replay = await within(REPLAY_LIMIT_MS + 30_000, `${SUITE}: replay`, replayInPage(page, rows));

      const audit = await page.request.get(`${server.url}/api/notebook/audit?limit=10000`);
      if (!audit.ok()) throw new Error(`${SUITE}: GET /api/notebook/audit answered ${audit.status()}`);
      const ours = new Set(rows.map((r) => r.key));
      const applied = ((await audit.json()) as { items: AuditItem[] }).items.filter((item) => item.key !== null && ours.has(item.key));
      const distinct = new Set(applied.map((item) => item.key)).size;
      const order = applied.map((item) => Number(item.key?.split('-').pop()));
      const outOfOrder = order.filter((n, i) => i > 0 && n < order[i - 1]).length;

      // After the replay and its audit read, so it neither competes with the replay nor shows up above.
      const perSaveMs = await serverAloneMs(page, server.url, run);

      const passes = replay.messages.map((m) => `${m.applied}/${m.failed}/${m.remaining}`).join(', ');
      const note = [
        replay.timedOut ? `gave up after ${REPLAY_LIMIT_MS} ms with ${replay.queuedLeft} still queued` : 'until no row is queued',
        `${replay.failed} marked failed`,
        replay.queuedBefore < SAVES ? `only ${replay.queuedBefore} queued when timing began` : '',
        `SAVES_REPLAYED per pass (applied/failed/remaining): ${passes || 'none'}`,
      ].filter(Boolean).join('; ');
      return [
        result(SUITE, `${SAVES} queued saves replayed`, replay.ms, 'ms', 10_000, note),
        result(SUITE, 'saves lost', SAVES - distinct, 'saves', 0, `${distinct} distinct keys in the audit log`),
        result(SUITE, 'saves applied twice', applied.length - distinct, 'saves', 0, `${applied.length} audit rows for our keys`),
        result(SUITE, 'replay throughput', distinct / (replay.ms / 1000), 'saves/s'),
        result(SUITE, 'applied out of queue order', outOfOrder, 'saves', undefined, 'audit order vs outbox seq order'),
        result(SUITE, 'server alone: one folder POST, sequential (mean)', perSaveMs, 'ms', undefined, `${DIRECT_SAVES} POSTs from node, no worker: the floor for a sequential replay`),
      ];
    } finally {
      await profile.close();
    }
  },
};
