import type { ConsoleDb, OutboxRow } from '../db/schema';
import type { RecordOutcome } from './outcomes';

export interface ReplayDeps {
  db: ConsoleDb;
  fetch: (request: Request) => Promise<Response>;
  record: RecordOutcome;
  /** A replayed save that hangs longer than this counts as a network failure (default 30 s). */
  timeoutMs?: number;
}

/** Why a pass stopped before the end of the queue. */
export type StopReason = 'network' | 'unauthorized' | 'server';

export interface ReplayResult {
  applied: number;
  failed: number;
  remaining: number;
  stopped?: StopReason;
}

/** What one answer means for the queue. */
export type Verdict = 'applied' | 'failed' | StopReason;

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * 2xx applied; 401 waits for a new sign-in; 408, 429 and 5xx (and anything unexpected) are
 * tried again later; every other 4xx is refused for good and waits for the user.
 */
export function verdictFor(status: number): Verdict {
  if (status >= 200 && status < 300) return 'applied';
  if (status === 401) return 'unauthorized';
  if (status === 408 || status === 429) return 'server';
  if (status >= 400 && status < 500) return 'failed';
  return 'server';
}

/**
 * One pass over the queue in seq order, each save sent again exactly as stored (same
 * Idempotency-Key, so the server applies it at most once). A refused save is marked failed and
 * the pass goes on; a network error, a 401 or a busy server stops it and keeps the rest queued.
 */
export async function replayPass(deps: ReplayDeps): Promise<ReplayResult> {
  const result: ReplayResult = { applied: 0, failed: 0, remaining: 0 };
  let afterSeq = 0;
  for (let entry = await nextQueued(deps.db, afterSeq); entry; entry = await nextQueued(deps.db, afterSeq)) {
    afterSeq = entry.seq ?? afterSeq;
    const verdict = await replayEntry(entry, deps);
    if (verdict === 'applied' || verdict === 'failed') result[verdict] += 1;
    else {
      result.stopped = verdict;
      break;
    }
  }
  result.remaining = await deps.db.outbox.where('state').equals('queued').count();
  return result;
}

/** The first queued save after `afterSeq`: re-read each time, so saves queued meanwhile are taken too. */
function nextQueued(db: ConsoleDb, afterSeq: number): Promise<OutboxRow | undefined> {
  return db.outbox.where('seq').above(afterSeq).and((row) => row.state === 'queued').first();
}

async function replayEntry(entry: OutboxRow, deps: ReplayDeps): Promise<Verdict> {
  let response: Response;
  try {
    response = await deps.fetch(requestFor(entry, deps.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  } catch {
    return 'network';
  }
  const verdict = verdictFor(response.status);
  if (verdict === 'applied') await markApplied(entry, deps);
  else if (verdict === 'failed') await markFailed(entry, response, deps);
  else if (verdict === 'server') await deps.db.outbox.update(entry.seq as number, { attempts: entry.attempts + 1 });
  return verdict;
}

export function requestFor(entry: OutboxRow, timeoutMs: number): Request {
  return new Request(entry.url, {
    method: entry.method,
    headers: entry.headers,
    body: entry.body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  });
}

// The outcome is recorded before the row changes: if the worker dies in between, the save is
// replayed again, the server answers the same key with its first answer, and the outcome
// (with a deterministic id) is not recorded twice.

async function markApplied(entry: OutboxRow, deps: ReplayDeps): Promise<void> {
  if (entry.changeId) await deps.record(entry.changeId, { kind: 'applied' });
  await deps.db.outbox.delete(entry.seq as number);
}

async function markFailed(entry: OutboxRow, response: Response, deps: ReplayDeps): Promise<void> {
  const error = await errorMessage(response);
  if (entry.changeId) {
    await deps.record(entry.changeId, { kind: 'failed', status: response.status, message: error, attempt: entry.attempts });
  }
  await deps.db.outbox.update(entry.seq as number, { state: 'failed', status: response.status, error });
}

/** The server's JSON `message` (Superset's `errors[0].message` too), else the status text. */
export async function errorMessage(response: Response): Promise<string> {
  const fallback = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { message?: unknown; errors?: { message?: unknown }[] } | null;
    const message = body?.message ?? body?.errors?.[0]?.message;
    return typeof message === 'string' && message !== '' ? message : fallback;
  } catch {
    return fallback;
  }
}
