import Dexie, { type Table } from 'dexie';
import { append } from './append';
import type { ConsoleEvent, SaveOutcomeEvent } from '../model/events';
import { newEvent, type Identity } from './identity';
import { PROJECTIONS } from '../model/projections';
import type { ConsoleDb } from './schema';
import type { SaveRow } from '../model/saves/projection';

/**
 * What became of a change's save. `attempt` is the round (0 first; each retry after a refusal is a
 * new one), so a later round's refusal is told from a repeat of one already recorded.
 */
export type SaveOutcome =
  | { kind: 'applied'; answer?: Record<string, unknown> }
  | { kind: 'failed'; status: number; message: string; attempt: number }
  | { kind: 'retried'; attempt: number; overwrite: boolean }
  | { kind: 'discarded' };

const EVENT_TYPE: Record<SaveOutcome['kind'], SaveOutcomeEvent['type']> = {
  applied: 'SaveApplied',
  failed: 'SaveFailed',
  retried: 'SaveRetried',
  discarded: 'SaveDiscarded',
};

/** The change whose save it is: its event id and aggregate (its outcomes join that aggregate). */
export interface SavedChange {
  id: string;
  aggregateId: string;
}

export interface ChangeOutcome {
  change: SavedChange;
  outcome: SaveOutcome;
}

/** Deterministic, so the same outcome recorded twice (two tabs, a repeated answer) is stored once. */
export function saveOutcomeId(changeId: string, outcome: SaveOutcome): string {
  switch (outcome.kind) {
    case 'failed':
    case 'retried':
      return `${changeId}:${outcome.kind}:${outcome.attempt}`;
    default:
      return `${changeId}:${outcome.kind}`;
  }
}

function outcomeEvent(identity: Identity, { change, outcome }: ChangeOutcome, at: number): ConsoleEvent {
  const { kind: _kind, ...details } = outcome;
  return newEvent(identity, {
    id: saveOutcomeId(change.id, outcome),
    type: EVENT_TYPE[outcome.kind],
    aggregateId: change.aggregateId,
    payload: { changeId: change.id, ...details },
    at,
  });
}

/**
 * The tables recordSaveOutcomes() writes (the log and its projections): a caller's transaction
 * that spans them (and its caches) can include the recording, so all of it commits or none.
 */
export function saveOutcomeTables(db: ConsoleDb): Table[] {
  return [db.events, ...new Set(PROJECTIONS.map((projection) => db.table(projection.table)))];
}

/**
 * Records outcomes in one transaction with a single append(), skipping those already in the log.
 * Returns the events stored.
 */
export function recordSaveOutcomes(
  db: ConsoleDb,
  identity: Identity,
  outcomes: readonly ChangeOutcome[],
  at: number = Date.now(),
): Promise<ConsoleEvent[]> {
  const events = new Map<string, ConsoleEvent>();
  for (const outcome of outcomes) {
    const event = outcomeEvent(identity, outcome, at);
    if (!events.has(event.id)) events.set(event.id, event);
  }
  if (events.size === 0) return Promise.resolve([]);
  return db.transaction('rw', saveOutcomeTables(db), async () => {
    const known = new Set((await db.events.where('id').anyOf([...events.keys()]).toArray()).map((event) => event.id));
    return append(db, [...events.values()].filter((event) => !known.has(event.id)));
  });
}

/** Saves in one state, in the order their changes were made (the log is the queue); only those after seq `after` when given. */
export function savesIn(db: ConsoleDb, state: SaveRow['state'], limit = Infinity, after?: number): Promise<SaveRow[]> {
  return db.saves
    .where('[state+seq]')
    .between([state, after ?? Dexie.minKey], [state, Dexie.maxKey], after === undefined, true)
    .limit(limit)
    .toArray();
}

/** Saves that wait for the server and those it refused, in the order they were made. */
export async function openSaves(db: ConsoleDb): Promise<SaveRow[]> {
  const [pending, failed] = await Promise.all([savesIn(db, 'pending'), savesIn(db, 'failed')]);
  return [...pending, ...failed].sort((a, b) => a.seq - b.seq);
}
