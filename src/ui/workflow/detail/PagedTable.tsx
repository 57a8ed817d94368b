import type { ReactNode } from 'react';
import type { Page } from '../../../../contracts/workflow';
import { Pager } from '../../components/Pager';
import { CacheNote } from '../CacheNote';

interface PagedView<T> {
  value?: Page<T>;
  fetchedAt?: number;
  error?: string;
}

export interface PagedTableProps<T> {
  view: PagedView<T>;
  /** What the cache note and the pager call the rows ('runs', 'event log'). */
  what: string;
  noun: string;
  label: string;
  pagerLabel: string;
  className: string;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  columns: readonly string[];
  row: (item: T) => ReactNode;
  empty: string;
}

/** One page of a DAG's rows from the cache (with its note), a row each, a line when there are none, and the pager. */
export function PagedTable<T>({ view, what, noun, label, pagerLabel, className, pageSize, page, onPage, columns, row, empty }: PagedTableProps<T>) {
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
