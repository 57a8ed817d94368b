import { isSqlTabEvent, type ConsoleEvent, type SqlTabEvent, type SqlTabOpenedPayload } from '../events';
import type { SqlTabRow } from '../rows';
import { isServerTabId, sqlOnActivate } from './rules';
import type { TableProjection } from '../projectionTypes';

function seqOf(event: ConsoleEvent): number {
  if (event.seq === undefined) throw new Error(`sqlTabs: event ${event.id} has no seq (append assigns it)`);
  return event.seq;
}

function openedRow(event: ConsoleEvent, payload: SqlTabOpenedPayload): SqlTabRow {
  const { name, sql, databaseId, catalog, schema, createdBy, createdAt } = payload;
  const id = event.aggregateId;
  return {
    id,
    name,
    sql,
    results: id,
    databaseId,
    catalog,
    schema,
    tags: [],
    createdBy,
    createdAt,
    isFavorite: false,
    estimate: null,
    order: seqOf(event),
    isClosed: false,
  };
}

/** Activation brings a tab to the front and gives an empty one something to run. */
function activated(row: SqlTabRow, seq: number): SqlTabRow {
  return { ...row, activatedSeq: seq, sql: sqlOnActivate(row.sql) };
}

function opened(row: SqlTabRow): SqlTabRow {
  const { closedSeq: _closedSeq, ...rest } = row;
  return { ...rest, isClosed: false };
}

/** The row after an event on an existing tab; the same object when nothing changes. */
function applyToRow(row: SqlTabRow, event: SqlTabEvent): SqlTabRow {
  switch (event.type) {
    case 'SqlTabOpened':
      return row; // a repeated open (replayed, duplicated id) keeps the first tab
    case 'SqlTabRenamed':
      return row.name === event.payload.name ? row : { ...row, name: event.payload.name };
    case 'SqlTextChanged':
      return row.sql === event.payload.sql ? row : { ...row, sql: event.payload.sql };
    case 'SqlTabClosed':
      return row.isClosed ? row : { ...row, isClosed: true, closedSeq: seqOf(event) };
    case 'SqlTabReopened':
      return activated(opened(row), seqOf(event));
    case 'SqlTabActivated':
      return row.isClosed ? row : activated(row, seqOf(event)); // a closed tab cannot be in front
    case 'SqlTabSchemaChanged': {
      const { databaseId, catalog, schema } = event.payload;
      // An estimate is the engine's for one database: it does not carry over to another one.
      return { ...row, databaseId, catalog, schema, estimate: databaseId === row.databaseId ? row.estimate : null };
    }
    case 'SqlTabFavorited':
      return row.isFavorite ? row : { ...row, isFavorite: true };
    case 'SqlTabUnfavorited':
      return row.isFavorite ? { ...row, isFavorite: false } : row;
    case 'SqlTabTagged':
      return row.tags.includes(event.payload.tag) ? row : { ...row, tags: [...row.tags, event.payload.tag] };
    case 'SqlTabUntagged':
      return row.tags.includes(event.payload.tag) ? { ...row, tags: row.tags.filter((t) => t !== event.payload.tag) } : row;
    case 'SqlTabEstimated': {
      const { startDttm, endDttm, totalRows, cpuCost, outputSize, figures } = event.payload;
      return { ...row, estimate: { startDttm, endDttm, totalRows, cpuCost, outputSize, ...(figures ? { figures } : {}) } };
    }
    case 'SqlTabEstimateCleared':
      return row.estimate === null ? row : { ...row, estimate: null };
  }
}

/**
 * One row per SQL tab (keyed by the tab id, the events' aggregate id). Events of server-side tabs
 * (numeric ids) are not this browser's to keep and are ignored.
 */
export const sqlTabs: TableProjection<SqlTabRow> = {
  table: 'sqlTabs',

  keyOf(event: ConsoleEvent): string | null {
    return isSqlTabEvent(event) && !isServerTabId(event.aggregateId) ? event.aggregateId : null;
  },

  apply(row: SqlTabRow | undefined, event: ConsoleEvent): SqlTabRow | undefined {
    if (!isSqlTabEvent(event)) return row;
    if (row) return applyToRow(row, event);
    // Anything but an open, for a tab this log never opened, changes nothing.
    return event.type === 'SqlTabOpened' ? openedRow(event, event.payload) : undefined;
  },
};
