import { ulid } from 'ulid';
import type { ConsoleEvent, NewEventSpec } from '../model/events';
import type { ConsoleDb } from './schema';

/** Who writes events: this browser profile (clientId) and this page load (tabId). */
export interface Identity {
  clientId: string;
  tabId: string;
}

const CLIENT_ID_KEY = 'clientId';

/**
 * The clientId is made once per browser profile and kept in uiState; the tabId is new on every
 * page load.
 */
export async function loadIdentity(db: ConsoleDb, tabId: string = ulid()): Promise<Identity> {
  // One rw transaction, so two tabs opening at once cannot both mint a clientId.
  const clientId = await db.transaction('rw', db.uiState, async () => {
    const stored = await db.uiState.get(CLIENT_ID_KEY);
    if (typeof stored?.value === 'string') return stored.value;
    const fresh = ulid();
    await db.uiState.put({ key: CLIENT_ID_KEY, value: fresh });
    return fresh;
  });
  return { clientId, tabId };
}

/** A new event, stamped with who wrote it. `seq` is left for append() to assign. */
export function newEvent<P>(identity: Identity, spec: NewEventSpec<P>): ConsoleEvent<P> {
  const { type, aggregateId, payload, origin = 'local', v = 1, at = Date.now(), id = ulid() } = spec;
  return { id, type, aggregateId, at, clientId: identity.clientId, tabId: identity.tabId, origin, v, payload };
}
