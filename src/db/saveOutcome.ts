import { appendOnce } from './append';
import { WORKSPACE_AGGREGATE, type WorkspaceSaveType } from './events';
import { newEvent, SERVICE_WORKER_TAB, type Identity } from './identity';
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
  const payload = outcome.kind === 'failed' ? { changeId, status: outcome.status, message: outcome.message } : { changeId };
  const event = newEvent(identity, {
    id: saveOutcomeId(changeId, outcome, at),
    type: EVENT_TYPE[outcome.kind],
    aggregateId: WORKSPACE_AGGREGATE,
    payload,
    origin: identity.tabId === SERVICE_WORKER_TAB ? 'replay' : 'local',
    at,
  });
  return appendOnce(db, event);
}
