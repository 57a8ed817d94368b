import { liveQuery, type Subscription } from 'dexie';
import { append } from '../../src/db/append';
import { WORKSPACE_AGGREGATE } from '../../src/model/events';
import { loadIdentity, newEvent, type Identity } from '../../src/db/identity';
import type { CrosstabApi } from './api';
import { epochNow, openDb } from './db';

const db = openDb();
const PREFIX = 'crosstab/sample-';
/** More than can pile up between two samples, so a coalesced liveQuery wake-up loses none. */
const WINDOW = 20;

let identity: Identity | null = null;
let subscription: Subscription | null = null;
const latencies: Record<number, number> = {};

export const crosstab: CrosstabApi = {
  async subscribe() {
    await db.open();
    const seen = new Set<string>();
    let first = true;
    await new Promise<void>((ready, fail) => {
      subscription = liveQuery(() => db.workspaceChanges.orderBy('seq').reverse().limit(WINDOW).toArray()).subscribe({
        next(rows) {
          const now = epochNow(); // first thing: the wake-up time is what we measure
          for (const row of rows) {
            if (seen.has(row.id)) continue;
            seen.add(row.id);
            // Rows already there when we subscribed are not samples.
            if (!first && row.path.startsWith(PREFIX)) latencies[Number(row.path.slice(PREFIX.length))] = now - row.at;
          }
          if (first) ready();
          first = false;
        },
        error: fail,
      });
    });
  },

  async send(index) {
    identity ??= await loadIdentity(db);
    const at = epochNow(); // the send time rides in the event (and so in the projection row)
    await append(db, [newEvent(identity, { type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, at, payload: { path: `${PREFIX}${index}` } })]);
  },

  latencies: () => ({ ...latencies }),

  stop() {
    subscription?.unsubscribe();
    subscription = null;
  },
};
