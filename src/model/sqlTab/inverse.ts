import { isSqlTabEvent, type ConsoleEvent, type EventBody, type Invert, type SqlTabEvent } from '../events';
import type { SqlTabRow } from '../rows';
import { sqlTabs } from './projection';

type Inverse = EventBody<Record<string, unknown>> | null;

// A plain function: `sqlTabs.apply(row, …)` reads to eslint like Function.prototype.apply.
const { apply: project } = sqlTabs;

/** What undoes an event, given the tab as it was just before it; null when it is not undoable. */
function inverseOf(event: SqlTabEvent, before: SqlTabRow): Inverse {
  switch (event.type) {
    case 'SqlTabRenamed':
      return { type: 'SqlTabRenamed', payload: { name: before.name } };
    case 'SqlTextChanged':
      return { type: 'SqlTextChanged', payload: { sql: before.sql } };
    case 'SqlTabClosed':
      return before.isClosed ? null : { type: 'SqlTabReopened', payload: {} };
    case 'SqlTabReopened':
      return before.isClosed ? { type: 'SqlTabClosed', payload: {} } : null;
    case 'SqlTabSchemaChanged': {
      const { databaseId, catalog, schema } = before;
      return { type: 'SqlTabSchemaChanged', payload: { databaseId, catalog, schema } };
    }
    case 'SqlTabFavorited':
      return { type: 'SqlTabUnfavorited', payload: {} };
    case 'SqlTabUnfavorited':
      return { type: 'SqlTabFavorited', payload: {} };
    case 'SqlTabTagged':
      return { type: 'SqlTabUntagged', payload: { tag: event.payload.tag } };
    case 'SqlTabUntagged':
      return { type: 'SqlTabTagged', payload: { tag: event.payload.tag } };
    // Opening (undo would close, maybe the last tab), activating and estimates are not edits of the document.
    case 'SqlTabOpened':
    case 'SqlTabActivated':
    case 'SqlTabEstimated':
    case 'SqlTabEstimateCleared':
      return null;
  }
}

/**
 * The inverter for one tab's history (its events in seq order, as stored). Events carry only the
 * new value, so the old one comes from replaying the history up to each event through the
 * projection, once, here: undoState() asks about every event.
 */
export function sqlTabInverse(history: readonly ConsoleEvent[]): Invert {
  const before = new Map<string, SqlTabRow | undefined>();
  let row: SqlTabRow | undefined;
  for (const event of history) {
    before.set(event.id, row);
    row = project(row, event);
  }
  return (event) => {
    const tab = before.get(event.id);
    return tab && isSqlTabEvent(event) ? inverseOf(event, tab) : null;
  };
}
