import { saveOutcomeTables, type ChangeOutcome } from '../db/saveOutcome';
import type { ConsoleDb, OutboxRow } from '../db/schema';
import { createCsrfRefresher } from './csrfRefresh';
import type { RecordOutcome, RecordOutcomes } from './outcomes';

export interface ReplayDeps {
  db: ConsoleDb;
  fetch: (request: Request) => Promise<Response>;
  record: RecordOutcome;
  /**
   * The worker's own origin. With it (and recordAll), queued saves to same-origin /api/ paths go
   * to the server BATCH_SIZE at a time as one POST /api/batch; without it, one request per save.
   */
  origin?: string;
  /** Records a batch's outcomes inside its bookkeeping transaction. */
  recordAll?: RecordOutcomes;
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
/** Saves per POST /api/batch (the server takes up to 100). */
export const BATCH_SIZE = 50;
export const BATCH_PATH = '/api/batch';
/** Queued saves read from the outbox at once (a few batches; more are read when they are sent). */
const READ_AHEAD = 4 * BATCH_SIZE;

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
 * Saves to this origin's /api/ go up to BATCH_SIZE at a time in one POST /api/batch, which the
 * server runs in order and stops at the same answers; a server without the route (404/405, or
 * any other answer that is not a batch answer, e.g. 413) gets them one by one for the rest of the pass.
 */
export async function replayPass(deps: ReplayDeps): Promise<ReplayResult> {
  const result: ReplayResult = { applied: 0, failed: 0, remaining: 0 };
  let afterSeq = 0;
  let batching = deps.origin !== undefined && deps.recordAll !== undefined;
  // A batch's bookkeeping runs while the next batch is on the wire (the server has answered it,
  // so it cannot change the order there). Saves are read READ_AHEAD at a time for that: a read
  // of the outbox would wait for the bookkeeping transaction to end.
  let booking: Promise<void> = Promise.resolve();
  const bookingFailures: unknown[] = [];
  const settled = async () => {
    await booking;
    if (bookingFailures.length > 0) throw bookingFailures[0]; // as if the worker had died there
  };
  const freshCsrf = createCsrfRefresher(deps.fetch);
  let ahead: OutboxRow[] = [];
  for (;;) {
    if (bookingFailures.length > 0) break;
    if (ahead.length === 0) ahead = await freshCsrf(await nextQueued(deps.db, afterSeq, batching ? READ_AHEAD : 1));
    if (ahead.length === 0) break;
    const entries = ahead.slice(0, batching ? BATCH_SIZE : 1);
    const batch = batching ? batchable(entries, deps.origin as string) : [];
    let verdicts: Verdict[];
    if (batch.length > 0) {
      const answered = await replayBatch(batch, deps);
      if (answered === 'no-batch') {
        batching = false;
        continue;
      }
      verdicts = answered.verdicts;
      const booked = answered.booked.catch((error: unknown) => void bookingFailures.push(error));
      booking = Promise.all([booking, booked]).then(() => undefined);
    } else {
      await settled();
      verdicts = [await replayEntry(entries[0], deps)];
    }
    const stop = verdicts.find((verdict) => verdict !== 'applied' && verdict !== 'failed') as StopReason | undefined;
    for (const verdict of verdicts) if (verdict === 'applied' || verdict === 'failed') result[verdict] += 1;
    if (stop) {
      result.stopped = stop;
      break;
    }
    afterSeq = entries[verdicts.length - 1].seq ?? afterSeq;
    ahead = ahead.slice(verdicts.length);
  }
  await settled();
  result.remaining = await deps.db.outbox.where('state').equals('queued').count();
  return result;
}

/** The next queued saves after `afterSeq`: re-read each time, so saves queued meanwhile are taken too. */
function nextQueued(db: ConsoleDb, afterSeq: number, limit: number): Promise<OutboxRow[]> {
  return db.outbox.where('seq').above(afterSeq).and((row) => row.state === 'queued').limit(limit).toArray();
}

/** The leading saves that can go in a batch: same-origin /api/ paths (not the batch route itself). */
function batchable(entries: OutboxRow[], origin: string): OutboxRow[] {
  const end = entries.findIndex((entry) => batchPath(entry, origin) === null);
  return end === -1 ? entries : entries.slice(0, end);
}

function batchPath(entry: OutboxRow, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith('/api/') || url.pathname === BATCH_PATH) return null;
  return url.pathname + url.search;
}

interface BatchAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Sends the saves as one POST /api/batch and books what the answers say in one transaction.
 * Returns a verdict per answered save (the last one may be a stop) and the booking under way,
 * or 'no-batch' when the server cannot take batches (then nothing is booked and the caller goes
 * one by one).
 */
async function replayBatch(entries: OutboxRow[], deps: ReplayDeps): Promise<{ verdicts: Verdict[]; booked: Promise<void> } | 'no-batch'> {
  const origin = deps.origin as string;
  let response: Response;
  try {
    response = await deps.fetch(batchRequestFor(entries, origin, deps.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  } catch {
    return { verdicts: ['network'], booked: Promise.resolve() };
  }
  if (response.status !== 200) {
    const verdict = verdictFor(response.status);
    // A 401 or a busy server stops the pass as it would for the first save; any other answer
    // (404/405 from an upstream without the route, a 413, ...) means: send them one by one.
    if (verdict === 'unauthorized') return { verdicts: [verdict], booked: Promise.resolve() };
    if (verdict === 'server') {
      await deps.db.outbox.update(entries[0].seq as number, { attempts: entries[0].attempts + 1 });
      return { verdicts: [verdict], booked: Promise.resolve() };
    }
    return 'no-batch';
  }
  let answers: BatchAnswer[];
  try {
    answers = ((await response.json()) as { responses: BatchAnswer[] }).responses.slice(0, entries.length);
    if (answers.length === 0 || !answers.every((answer) => Number.isInteger(answer?.status))) throw new Error('no answers');
  } catch {
    return 'no-batch'; // not a batch answer we understand; the keys make sending again safe
  }
  const bookings = await Promise.all(answers.map((answer, i) => bookingFor(entries[i], answer)));
  return { verdicts: bookings.map((b) => b.verdict), booked: book(bookings, deps) };
}

export function batchRequestFor(entries: OutboxRow[], origin: string, timeoutMs: number): Request {
  const requests = entries.map((entry) => ({
    method: entry.method,
    url: batchPath(entry, origin),
    headers: entry.headers,
    body: entry.body,
  }));
  return new Request(`${origin}${BATCH_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requests }),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** What one answer of a batch does to its outbox row and the event log. */
interface Booking {
  entry: OutboxRow;
  verdict: Verdict;
  /** Row changes; null deletes the row; undefined leaves it. */
  row?: Partial<OutboxRow> | null;
  outcome?: ChangeOutcome;
}

async function bookingFor(entry: OutboxRow, answer: BatchAnswer): Promise<Booking> {
  const verdict = verdictFor(answer.status);
  const changeId = entry.changeId;
  if (verdict === 'applied') return { entry, verdict, row: null, ...(changeId ? { outcome: { changeId, outcome: { kind: 'applied' } } } : {}) };
  if (verdict === 'failed') {
    const error = await errorMessage(new Response(answer.body ?? null, { status: answer.status, headers: answer.headers }));
    const outcome: ChangeOutcome | undefined = changeId
      ? { changeId, outcome: { kind: 'failed', status: answer.status, message: error, attempt: entry.attempts } }
      : undefined;
    return { entry, verdict, row: { state: 'failed', status: answer.status, error }, ...(outcome ? { outcome } : {}) };
  }
  if (verdict === 'server') return { entry, verdict, row: { attempts: entry.attempts + 1 } };
  return { entry, verdict };
}

/**
 * One transaction for the whole batch: the outcomes and the outbox rows commit together. If the
 * worker dies before it commits, the next pass sends the saves again and the server answers each
 * key with its first answer. If recording the outcomes fails, the rows are still booked (without
 * them), so the queue goes on as with RecordOutcome.
 */
async function book(bookings: Booking[], deps: ReplayDeps): Promise<void> {
  const { db } = deps;
  const outcomes = bookings.flatMap((b) => (b.outcome ? [b.outcome] : []));
  const writeRows = async () => {
    const deletes = bookings.filter((b) => b.row === null).map((b) => b.entry.seq as number);
    const updates = bookings.flatMap((b) => (b.row ? [{ key: b.entry.seq as number, changes: b.row }] : []));
    if (deletes.length > 0) await db.outbox.bulkDelete(deletes);
    if (updates.length > 0) await db.outbox.bulkUpdate(updates);
  };
  try {
    await db.transaction('rw', [db.outbox, db.uiState, ...saveOutcomeTables(db)], async () => {
      if (outcomes.length > 0 && deps.recordAll) await deps.recordAll(outcomes);
      await writeRows();
    });
  } catch (error) {
    console.warn(`Could not record the outcomes of ${outcomes.length} replayed saves`, error);
    await db.transaction('rw', db.outbox, writeRows);
  }
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
