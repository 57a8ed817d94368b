/** Values that may be bound to a statement parameter ($1 or $name). */
export type SqlValue = string | number | boolean | bigint | null;
export type SqlParams = SqlValue[] | Record<string, SqlValue>;

/** Statement runner: parameters are always bound, never spliced into the SQL text. */
export interface Queryable {
  run(sql: string, params?: SqlParams): Promise<void>;
  all<T>(sql: string, params?: SqlParams): Promise<T[]>;
}
