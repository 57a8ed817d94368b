import type { ListResponse } from '../../contracts/bi';
import type { Queryable, SqlValue, Store } from '../store/db';
import { toSql, type ListRequest, type ListSpec } from './listQuery';

/** One page of a list, and how many items the whole list holds with its filters applied. */
export interface Page<T> {
  count: number;
  page: T[];
}

/** Where a list in the store reads its rows from. */
export interface ListSource<T> {
  /** `FROM ...` with its joins. */
  from: string;
  /** The condition every listed row meets (the viewer may see it), over the first `params`. */
  visible: string;
  /** The parameters of `visible`; the list's own (filters, LIMIT, OFFSET) follow them. */
  params: SqlValue[];
  /** The rows of `SELECT ... <from> WHERE <condition>`, as items. */
  read(db: Queryable, condition: string, params: SqlValue[]): Promise<T[]>;
}

/**
 * One page of a store list (Flask-AppBuilder's get_list: filters, order, page) and its count, in
 * one transaction, so both come from the same snapshot.
 */
export function readPage<T>(store: Store, request: ListRequest, spec: ListSpec, source: ListSource<T>): Promise<Page<T>> {
  const params = [...source.params];
  const sql = toSql(request, spec, params);
  const where = `${source.visible} AND ${sql.where}`;
  return store.transaction(async (tx) => {
    // LIMIT and OFFSET are the last two parameters; the count takes the others.
    const counted = await tx.all<{ n: bigint }>(`SELECT count(*) AS n ${source.from} WHERE ${where}`, params.slice(0, -2));
    const page = await source.read(tx, `${where} ORDER BY ${sql.orderBy} LIMIT ${sql.limit} OFFSET ${sql.offset}`, params);
    return { count: Number(counted[0].n), page };
  });
}

/** A page as the list endpoints answer it: `{count, ids, result}`. */
export function listResponse<T extends { id: number }, R>({ count, page }: Page<T>, present: (item: T) => R): ListResponse<R> {
  return { count, ids: page.map((item) => item.id), result: page.map(present) };
}
