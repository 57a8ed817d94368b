import type { ConsoleDb } from './schema';
import type { SqlTabRow } from '../model/rows';
import { activeOf, closedStack, openInOrder } from '../model/sqlTab/rules';

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
