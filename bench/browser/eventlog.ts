import { append, rebuildProjections } from '../../src/db/append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../../src/model/events';
import { loadIdentity, newEvent, type Identity } from '../../src/db/identity';
import type { ConsoleDb } from '../../src/db/schema';
import type { EventlogApi } from './api';
import { openDb } from './db';

let db: ConsoleDb = openDb();
let identity: Identity | null = null;
let folder = 0;

/** The cheapest realistic event: a folder created in the workspace (one projection row each). */
function folderCreated(who: Identity): ConsoleEvent {
  folder += 1;
  return newEvent(who, { type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path: `bench/folder-${folder}` } });
}

async function who(): Promise<Identity> {
  identity ??= await loadIdentity(db);
  return identity;
}

export const eventlog: EventlogApi = {
  async reset() {
    db.close();
    await db.delete();
    db = openDb();
    identity = null;
    await db.open();
  },

  async appendSingle(count) {
    const me = await who();
    const start = performance.now();
    for (let i = 0; i < count; i++) await append(db, [folderCreated(me)]);
    return performance.now() - start;
  },

  async appendBatched(total, batch) {
    const me = await who();
    const start = performance.now();
    for (let done = 0; done < total; done += batch) {
      // Events are made inside the timed loop, as a writer would make them.
      const events = Array.from({ length: Math.min(batch, total - done) }, () => folderCreated(me));
      await append(db, events);
    }
    return performance.now() - start;
  },

  async rebuild() {
    const start = performance.now();
    const replayed = await rebuildProjections(db);
    return { ms: performance.now() - start, replayed };
  },

  async storage() {
    const estimate = await navigator.storage.estimate();
    // usageDetails is Chromium-only and missing from lib.dom.
    const details = (estimate as { usageDetails?: { indexedDB?: number } }).usageDetails;
    return { usage: estimate.usage ?? 0, indexedDB: details?.indexedDB ?? null, quota: estimate.quota ?? 0 };
  },
};
