import { loadIdentity, SERVICE_WORKER_TAB, type Identity } from '../db/identity';
import { recordSaveOutcome, type SaveOutcome } from '../db/saveOutcome';
import type { ConsoleDb } from '../db/schema';

/** Records what became of a change's save in the event log. Never throws: the queue goes on. */
export type RecordOutcome = (changeId: string, outcome: SaveOutcome) => Promise<void>;

/**
 * The service worker's recorder: writes as tab 'service-worker' with this profile's clientId,
 * loaded (or created) once from uiState on first use.
 */
export function createOutcomeRecorder(db: ConsoleDb): RecordOutcome {
  let identity: Promise<Identity> | null = null;
  return async (changeId, outcome) => {
    try {
      identity ??= loadIdentity(db, SERVICE_WORKER_TAB);
      await recordSaveOutcome(db, await identity, changeId, outcome);
    } catch (error) {
      identity = null; // a failed load is tried again next time
      console.warn(`Could not record the ${outcome.kind} save of change ${changeId}`, error);
    }
  };
}
