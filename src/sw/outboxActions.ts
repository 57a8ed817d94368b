/**
 * Page-side actions on the service worker's queue of saves (same IndexedDB store). The UI calls
 * these from the sync panel; after a retry it asks the worker to replay (REPLAY_SAVES).
 */
import { ulid } from 'ulid';
import { loadIdentity, type Identity } from '../db/identity';
import { recordSaveOutcome } from '../db/saveOutcome';
import type { ConsoleDb, OutboxRow } from '../db/schema';
import { IDEMPOTENCY_KEY } from './outbox';

export interface OutboxActionOptions {
  /** Who records the outcome; defaults to this profile's clientId with a fresh tabId. */
  identity?: Identity;
}

export interface RetryOptions extends OutboxActionOptions {
  /** Drop the version checks (If-Match / If-None-Match): the user chose to overwrite after a 409. */
  overwrite?: boolean;
  newKey?: () => string;
}

const VERSION_CHECKS = new Set(['if-match', 'if-none-match']);

export function getOutboxEntry(db: ConsoleDb, seq: number): Promise<OutboxRow | undefined> {
  return db.outbox.get(seq);
}

export const countQueued = (db: ConsoleDb) => db.outbox.where('state').equals('queued').count();
export const countFailed = (db: ConsoleDb) => db.outbox.where('state').equals('failed').count();

/** Headers for a new round: a new Idempotency-Key (the old one would get the stored refusal back). */
function retryHeaders(headers: Record<string, string>, key: string, overwrite: boolean): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === IDEMPOTENCY_KEY || (overwrite && VERSION_CHECKS.has(lower))) continue;
    next[name] = value;
  }
  next[IDEMPOTENCY_KEY] = key;
  return next;
}

/**
 * Puts a failed save back in the queue, in its old place, with a new Idempotency-Key.
 * Returns false when there is no failed save with that seq (already retried or discarded).
 */
export async function retrySave(db: ConsoleDb, seq: number, options: RetryOptions = {}): Promise<boolean> {
  const key = (options.newKey ?? ulid)();
  const entry = await db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (row?.state !== 'failed') return null;
    const { status: _status, error: _error, ...rest } = row;
    const next: OutboxRow = { ...rest, key, headers: retryHeaders(row.headers, key, options.overwrite === true), attempts: row.attempts + 1, state: 'queued' };
    await db.outbox.put(next);
    return next;
  });
  if (!entry) return false;
  if (entry.changeId) {
    const identity = options.identity ?? (await loadIdentity(db));
    await recordSaveOutcome(db, identity, entry.changeId, { kind: 'queued', attempt: entry.attempts });
  }
  return true;
}

/** Drops a save from the queue for good; its change is marked discarded. Returns false when it was gone already. */
export async function discardSave(db: ConsoleDb, seq: number, options: OutboxActionOptions = {}): Promise<boolean> {
  const entry = await db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (row) await db.outbox.delete(seq);
    return row;
  });
  if (!entry) return false;
  if (entry.changeId) {
    const identity = options.identity ?? (await loadIdentity(db));
    await recordSaveOutcome(db, identity, entry.changeId, { kind: 'discarded' });
  }
  return true;
}
