import { useState, type ReactNode } from 'react';
import type { Page } from '../../../../contracts/workflow';
import { Pager } from '../../components/Pager';
import { CacheNote } from '../CacheNote';

interface PagedView<T> {
  value?: Page<T>;
  fetchedAt?: number;
  error?: string;
}

/** What a paged table says: its rows' names in the cache note ('runs', 'event log') and the pager, its label, columns and empty line. */
export interface PagedTableText {
  what: string;
  noun: string;
  label: string;
  pagerLabel: string;
  className: string;
  columns: readonly string[];
  empty: string;
}

/** The page shown, and the window of rows it asks the cache for. */
export function usePaging(pageSize: number) {
  const [page, setPage] = useState(0);
  return { page, onPage: setPage, pageSize, window: { limit: pageSize, offset: page * pageSize } };
}

export interface PagedTableProps<T> {
  view: PagedView<T>;
  paging: ReturnType<typeof usePaging>;
  text: PagedTableText;
  row: (item: T) => ReactNode;
}

/** One page of a DAG's rows from the cache (with its note), a row each, a line when there are none, and the pager. */
export function PagedTable<T>({ view, paging: { page, onPage, pageSize }, text, row }: PagedTableProps<T>) {
  const { what, noun, label, pagerLabel, className, columns, empty } = text;
  const items = view.value?.items ?? [];
  return (
    <div>
      <CacheNote fetchedAt={view.fetchedAt} error={view.error} what={what} />
      <table className={`data-table ${className}`} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map(row)}
          {view.value && items.length === 0 && (
            <tr><td colSpan={columns.length} className="muted">{empty}</td></tr>
          )}
        </tbody>
      </table>
      {view.value && <Pager label={pagerLabel} page={page} pageSize={pageSize} count={view.value.total} noun={noun} onPage={onPage} />}
    </div>
  );
}
