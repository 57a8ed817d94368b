// The SQL workbench's events (aggregate id: the tab id); importers read them through events.ts.
import type { ConsoleEvent } from '../consoleEvent';

/** The cost the server estimated for a tab's query (Superset's estimate, flattened). */
export interface SqlTabEstimate {
  /** Epoch milliseconds. */
  startDttm: number;
  endDttm: number;
  totalRows: number;
  cpuCost: number;
  outputSize: number;
  /** What an engine other than DuckDB gave (PostgreSQL: Start-up cost, Total cost), as it named it; the three above are 0 then. */
  figures?: SqlTabEstimateFigure[];
}

export interface SqlTabEstimateFigure {
  name: string;
  value: string;
}

/** Where a tab's queries run. Null where the user has not chosen (yet). */
export interface SqlTabLocation {
  databaseId: number | null;
  catalog: string | null;
  schema: string | null;
}

export interface SqlTabOpenedPayload extends SqlTabLocation {
  id: string;
  name: string;
  sql: string;
  createdBy: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/**
 * What the user did to a SQL tab. Payloads carry only the new value: undo finds the old one by
 * replaying the tab's own history (see sqlTabInverse.ts), which keeps text events small.
 */
export type SqlTabEvent =
  | ConsoleEvent<SqlTabOpenedPayload> & { type: 'SqlTabOpened' }
  | ConsoleEvent<{ name: string }> & { type: 'SqlTabRenamed' }
  | ConsoleEvent<{ sql: string }> & { type: 'SqlTextChanged' }
  | ConsoleEvent<object> & { type: 'SqlTabClosed' }
  | ConsoleEvent<object> & { type: 'SqlTabReopened' }
  | ConsoleEvent<object> & { type: 'SqlTabActivated' }
  | ConsoleEvent<SqlTabLocation> & { type: 'SqlTabSchemaChanged' }
  | ConsoleEvent<object> & { type: 'SqlTabFavorited' }
  | ConsoleEvent<object> & { type: 'SqlTabUnfavorited' }
  | ConsoleEvent<{ tag: string }> & { type: 'SqlTabTagged' }
  | ConsoleEvent<{ tag: string }> & { type: 'SqlTabUntagged' }
  | ConsoleEvent<SqlTabEstimate> & { type: 'SqlTabEstimated' }
  | ConsoleEvent<object> & { type: 'SqlTabEstimateCleared' };

export type SqlTabEventType = SqlTabEvent['type'];

const SQL_TAB_TYPES: ReadonlySet<string> = new Set<SqlTabEventType>([
  'SqlTabOpened',
  'SqlTabRenamed',
  'SqlTextChanged',
  'SqlTabClosed',
  'SqlTabReopened',
  'SqlTabActivated',
  'SqlTabSchemaChanged',
  'SqlTabFavorited',
  'SqlTabUnfavorited',
  'SqlTabTagged',
  'SqlTabUntagged',
  'SqlTabEstimated',
  'SqlTabEstimateCleared',
]);

export function isSqlTabEvent(event: ConsoleEvent): event is SqlTabEvent {
  return SQL_TAB_TYPES.has(event.type);
}

