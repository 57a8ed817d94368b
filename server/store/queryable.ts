/** Values that may be bound to a statement parameter ($1 or $name). */
export type SqlValue = string | number | boolean | bigint | null;
export type SqlParams = SqlValue[] | Record<string, SqlValue>;

/** Statement runner: parameters are always bound, never spliced into the SQL text. */
export interface Queryable {
  /** Which SQL the store reads, for the few statements spelled per store (bulk inserts). */
  readonly dialect: 'sqlite' | 'postgres';
  run(sql: string, params?: SqlParams): Promise<void>;
  all<T>(sql: string, params?: SqlParams): Promise<T[]>;
}

export interface Store extends Queryable {
  readonly file: string;
  /**
   * Runs fn inside BEGIN/COMMIT while holding the connection. Use only `tx` inside fn:
   * calling the store itself there would wait for the transaction to finish (deadlock).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
