import type { Queryable, SqlParams, Store } from '../store/db';

export interface CountingStore extends Store {
  /** The SQL of every statement run so far, in order (transactions included). */
  readonly statements: string[];
  /** The statements that start with `prefix` (case-insensitive), e.g. "SELECT". */
  count(prefix: string): number;
}

/** Wraps a store to record what runs through it, so tests can tell memory hits from queries. */
export function countingStore(store: Store): CountingStore {
  const statements: string[] = [];
  const counted = (db: Queryable): Queryable => ({
    dialect: db.dialect,
    run(sql: string, params?: SqlParams) {
      statements.push(sql);
      return db.run(sql, params);
    },
    all<T>(sql: string, params?: SqlParams) {
      statements.push(sql);
      return db.all<T>(sql, params);
    },
  });
  return {
    ...counted(store),
    file: store.file,
    statements,
    count: (prefix) => statements.filter((sql) => sql.trimStart().toUpperCase().startsWith(prefix.toUpperCase())).length,
    transaction: (fn) => store.transaction((tx) => fn(counted(tx))),
    close: () => store.close(),
  };
}
