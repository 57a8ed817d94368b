import Dexie, { type Table } from 'dexie';

/** Local-only UI state: never synced, never part of the event log. */
export interface UiStateRow {
  key: string;
  value: unknown;
}

export interface RecentVisit {
  username: string;
  path: string;
  title: string;
  visitedAt: number;
}

/**
 * The console's one IndexedDB database. Every version stays here with its upgrade, so an
 * installed console opened after months still migrates step by step.
 */
export class ConsoleDb extends Dexie {
  uiState!: Table<UiStateRow, string>;
  recentVisits!: Table<RecentVisit, [string, string]>;

  constructor(name = 'data-platform-console') {
    super(name);
    this.version(1).stores({
      uiState: 'key',
      recentVisits: '[username+path], [username+visitedAt]',
    });
  }
}
