import { loadIdentity, SERVICE_WORKER_TAB, type Identity } from '../db/identity';
import { recordSaveOutcome, recordSaveOutcomes, type ChangeOutcome, type SaveOutcome } from '../db/saveOutcome';
import type { ConsoleDb } from '../db/schema';

/** Records what became of a change's save in the event log. Never throws: the queue goes on. */
export type RecordOutcome = (changeId: string, outcome: SaveOutcome) => Promise<void>;

/**
 * Records the outcomes of a batch of saves. Unlike RecordOutcome it throws, because it runs inside
 * the replay's bookkeeping transaction (which spans outbox, uiState and saveOutcomeTables): a
 * failure aborts that transaction, and the replay then does its outbox bookkeeping without it.
 */
export type RecordOutcomes = (outcomes: readonly ChangeOutcome[]) => Promise<void>;

/** The service worker's identity: tab 'service-worker' with this profile's clientId, loaded (or created) once. */
function workerIdentity(db: ConsoleDb) {
  let identity: Promise<Identity> | null = null;
  return {
    get: () => (identity ??= loadIdentity(db, SERVICE_WORKER_TAB)),
    forget: () => {
      identity = null; // a failed load is tried again next time
    },
  };
}

/** The service worker's recorder: writes as tab 'service-worker' with this profile's clientId. */
export function createOutcomeRecorder(db: ConsoleDb): RecordOutcome {
  const identity = workerIdentity(db);
  return async (changeId, outcome) => {
    try {
      await recordSaveOutcome(db, await identity.get(), changeId, outcome);
    } catch (error) {
      identity.forget();
      console.warn(`Could not record the ${outcome.kind} save of change ${changeId}`, error);
    }
  };
}

/** The service worker's batch recorder (see RecordOutcomes). */
export function createOutcomesRecorder(db: ConsoleDb): RecordOutcomes {
  const identity = workerIdentity(db);
  return async (outcomes) => {
    try {
      await recordSaveOutcomes(db, await identity.get(), outcomes);
    } catch (error) {
      identity.forget();
      throw error;
    }
  };
}
