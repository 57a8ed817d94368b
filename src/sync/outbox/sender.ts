import type { Identity } from '../../db/identity';
import type { ConsoleDb } from '../../db/schema';
import type { SavesApi } from '../api/saves.api';
import type { LockRequester } from '../tabs/leader';
import { createServerProbe, type ServerProbeOptions } from '../serverProbe';
import { pass, pendingSaves, type BatchContext, type SaveRoute } from './saveBatch';

export { answerMessage, roundKey, tooLargeMessage, UNSENDABLE_MESSAGE, type NotSent, type SaveRound, type SaveRoute } from './saveBatch';

/**
 * THE ONE PATH OF A SAVE. A command appends a change to the log; the log is the queue: a change
 * whose save has no outcome yet (projections/saves.ts: state 'pending') is sent by this sender, in
 * seq order, under its event id as Idempotency-Key, and what the server answers is recorded in the
 * log as the save's outcome. Nothing else records "queued", and nothing else resends.
 *
 * Why the page and not the service worker: the service worker's queue was a second record of the
 * same fact (its outbox besides the log), with a second sender (its replay) and a third (the page
 * resending what the worker did not hold). Here one pass at a time runs across all tabs (a Web
 * Lock), reads the log, and stops when the server cannot be reached; a probe with backoff (and the
 * browser's 'online') wakes it. What it gives up is Background Sync: saves made offline go out
 * when a console tab is next open, not with every tab closed — they are kept in the log meanwhile.
 */

export type SaveVerdict = { kind: 'applied' } | { kind: 'waiting' } | { kind: 'failed'; status: number; message: string } | { kind: 'discarded' };

export interface SenderDeps {
  db: ConsoleDb;
  identity: Identity;
  api: SavesApi;
  routes: readonly SaveRoute[];
  /** navigator.locks: one pass at a time across the tabs; without it (plain http) each tab runs its own. */
  locks?: LockRequester;
  /** True when the console server answers (health API): the probe that wakes the sender after an outage. */
  isServerUp: () => Promise<boolean>;
  probe?: Pick<ServerProbeOptions, 'backoff' | 'slowIntervalMs' | 'setTimer' | 'clearTimer'>;
}

export interface Sender {
  /** Sends what is pending now (a pass after the one under way, if any). */
  wake(): void;
  /** How the save of this change went, once the sender knows: sent, refused, or waiting for the server. */
  settled(changeId: string): Promise<SaveVerdict>;
  stop(): void;
}

export const SENDER_LOCK = 'console-saves';

type Waiters = Map<string, ((verdict: SaveVerdict) => void)[]>;

/** One pass at a time across the tabs where the browser has Web Locks. */
function underLock(locks: LockRequester | undefined, ctx: BatchContext): Promise<'done' | 'waiting'> {
  if (!locks) return pass(ctx);
  let result: 'done' | 'waiting' = 'waiting';
  return locks.request(SENDER_LOCK, {}, async () => void (result = await pass(ctx))).then(() => result);
}

/** Tells the waiters whose save has an outcome; when the sender waits for the server (or stopped), the rest hear so too. */
async function settle(db: ConsoleDb, waiters: Waiters, waiting: boolean): Promise<void> {
  for (const [id, resolvers] of waiters) {
    const row = await db.saves.get(id);
    const verdict: SaveVerdict | null =
      row?.state === 'applied' || row?.state === 'discarded'
        ? { kind: row.state }
        : row?.state === 'failed'
          ? { kind: 'failed', status: row.status ?? 0, message: row.message ?? '' }
          : waiting
            ? { kind: 'waiting' }
            : null;
    if (!verdict) continue;
    waiters.delete(id);
    for (const resolve of resolvers) resolve(verdict);
  }
}

export function createSender(deps: SenderDeps): Sender {
  const { db } = deps;
  const routeOf = new Map(deps.routes.flatMap((route) => route.types.map((type) => [type, route] as const)));
  const batchContext: BatchContext = { db, identity: deps.identity, api: deps.api, routeOf };
  const waiters: Waiters = new Map();
  const state: { running: Promise<void> | null; again: boolean; stopped: boolean } = { running: null, again: false, stopped: false };
  const probe = createServerProbe({
    ...deps.probe,
    probe: deps.isServerUp,
    hasQueuedSaves: async () => (await pendingSaves(db, 1)).length > 0,
    onServerBack: () => wake(),
  });

  async function run(): Promise<void> {
    do {
      state.again = false;
      const result = await underLock(deps.locks, batchContext).catch((error: unknown) => {
        console.warn('Sending the saves failed; they stay in the log and go later.', error);
        return 'waiting' as const;
      });
      await settle(db, waiters, result === 'waiting' || state.stopped);
      if (result === 'waiting' && !state.stopped) probe.start();
    } while (state.again && !state.stopped);
  }

  function wake(): void {
    if (state.stopped) return;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = run().finally(() => {
      state.running = null;
    });
  }

  return {
    wake,
    settled(changeId) {
      if (state.stopped) return Promise.resolve({ kind: 'waiting' });
      return new Promise((resolve) => {
        waiters.set(changeId, [...(waiters.get(changeId) ?? []), resolve]);
        if (!state.running) wake();
      });
    },
    stop() {
      state.stopped = true;
      probe.stop();
      void settle(db, waiters, true);
    },
  };
}

