import type { Table } from 'dexie';
import { append, appendOnce } from './append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent, type WorkspaceSaveType } from './events';
import { newEvent, SERVICE_WORKER_TAB, type Identity } from './identity';
import { PROJECTIONS } from './projections';
import type { ConsoleDb } from './schema';

/**
 * What became of a change's save. `attempt` (the outbox row's attempts) tells a later round of
 * the same change from a repeat of one already recorded.
 */
export type SaveOutcome =
  | { kind: 'queued'; attempt?: number }
  | { kind: 'applied' }
  | { kind: 'failed'; status: number; message: string; attempt?: number }
  | { kind: 'discarded' };

const EVENT_TYPE: Record<SaveOutcome['kind'], WorkspaceSaveType> = {
  queued: 'WorkspaceSaveQueued',
  applied: 'WorkspaceSaveApplied',
  failed: 'WorkspaceSaveFailed',
  discarded: 'WorkspaceSaveDiscarded',
};

/**
 * Deterministic, so recording the same outcome twice (a replay, two tabs) stores it once.
 * A failure without an attempt number uses the time, so a retried change that fails again records again.
 */
export function saveOutcomeId(changeId: string, outcome: SaveOutcome, at: number): string {
  switch (outcome.kind) {
    case 'failed':
      return `${changeId}:failed:${outcome.status}:${outcome.attempt ?? at}`;
    case 'queued':
      return outcome.attempt === undefined ? `${changeId}:queued` : `${changeId}:queued:${outcome.attempt}`;
    default:
      return `${changeId}:${outcome.kind}`;
  }
}

/** One change's outcome, for recording several at once. */
export interface ChangeOutcome {
  changeId: string;
  outcome: SaveOutcome;
}

function outcomeEvent(identity: Identity, changeId: string, outcome: SaveOutcome, at: number): ConsoleEvent {
  const payload = outcome.kind === 'failed' ? { changeId, status: outcome.status, message: outcome.message } : { changeId };
  return newEvent(identity, {
    id: saveOutcomeId(changeId, outcome, at),
    type: EVENT_TYPE[outcome.kind],
    aggregateId: WORKSPACE_AGGREGATE,
    payload,
    origin: identity.tabId === SERVICE_WORKER_TAB ? 'replay' : 'local',
    at,
  });
}

/**
 * Records a save outcome for a workspace change in the log. Safe in the service worker (no
 * window or document). Returns false when this outcome was already recorded.
 */
export function recordSaveOutcome(
  db: ConsoleDb,
  identity: Identity,
  changeId: string,
  outcome: SaveOutcome,
  at: number = Date.now(),
): Promise<boolean> {
  return appendOnce(db, outcomeEvent(identity, changeId, outcome, at));
}

/**
 * The tables recordSaveOutcomes() writes (the log and its projections): a caller's transaction
 * that spans them can include the recording, so it commits or aborts with the caller's own writes.
 */
export function saveOutcomeTables(db: ConsoleDb): Table[] {
  return [db.events, ...new Set(PROJECTIONS.map((projection) => db.table(projection.table)))];
}

/**
 * Records several outcomes in one transaction with a single append(), skipping those already in
 * the log (same deterministic ids as recordSaveOutcome, so a repeat of a batch stores nothing).
 * Returns how many were stored.
 */
export function recordSaveOutcomes(
  db: ConsoleDb,
  identity: Identity,
  outcomes: readonly ChangeOutcome[],
  at: number = Date.now(),
): Promise<number> {
  const events = new Map<string, ConsoleEvent>();
  for (const { changeId, outcome } of outcomes) {
    const event = outcomeEvent(identity, changeId, outcome, at);
    if (!events.has(event.id)) events.set(event.id, event);
  }
  if (events.size === 0) return Promise.resolve(0);
  return db.transaction('rw', saveOutcomeTables(db), async () => {
    const known = new Set((await db.events.where('id').anyOf([...events.keys()]).toArray()).map((event) => event.id));
    const missing = [...events.values()].filter((event) => !known.has(event.id));
    await append(db, missing);
    return missing.length;
  });
}
