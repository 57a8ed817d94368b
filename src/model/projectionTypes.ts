import type { ConsoleEvent } from './events';

/** The Dexie tables that projections own. Nothing but append() and rebuildProjections() writes them. */
export type ProjectionTable = 'workspaceChanges' | 'sqlTabs' | 'catalogEdits' | 'saves' | 'savedQueries' | 'notebookDocs' | 'notebookTabs';

/**
 * How events turn into rows of one table. Pure (no Dexie): append() reads the row, calls apply and
 * writes the result in the same transaction as the event.
 */
export interface TableProjection<Row> {
  table: ProjectionTable;
  /** Which row this event touches, or null when it does not concern this projection. */
  keyOf(event: ConsoleEvent): string | null;
  /** Pure: the row after the event (undefined = no row / delete it). */
  apply(row: Row | undefined, event: ConsoleEvent): Row | undefined;
}

/** A projection of any row type, as the registry and the writer see it. */
export type AnyProjection = TableProjection<unknown>;
