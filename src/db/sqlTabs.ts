import Dexie from 'dexie';
import type { ConsoleEvent } from './events';
import type { ConsoleDb, SqlTabRow } from './schema';
import { activeOf, closedStack, openInOrder } from './sqlTabRules';

/** Reads of the SQL tabs projection (read-only, so they run inside live queries); the commands are in src/commands/sqlTabs.ts. */

/** The open tabs in tab-bar order. */
export async function openTabs(db: ConsoleDb): Promise<SqlTabRow[]> {
  return openInOrder(await db.sqlTabs.toArray());
}

export async function activeTabId(db: ConsoleDb): Promise<string | null> {
  return activeOf(await db.sqlTabs.toArray());
}

/** The closed tabs, most recently closed first: what reopen takes from. */
export async function closedTabs(db: ConsoleDb): Promise<SqlTabRow[]> {
  return closedStack(await db.sqlTabs.where('closedSeq').above(0).toArray());
}

/** One tab's own events in order: what its undo and redo are derived from. */
export function tabHistory(db: ConsoleDb, tabId: string): Promise<ConsoleEvent[]> {
  return db.events.where('[aggregateId+seq]').between([tabId, Dexie.minKey], [tabId, Dexie.maxKey]).toArray();
}
