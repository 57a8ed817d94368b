import { RUN_STATES, type DagQuery, type DagSort, type RunState } from '../../../contracts/workflow';

export const DAG_PAGE_SIZE = 10;

const SORTS: DagSort[] = ['dag_id', '-dag_id', 'next_dagrun', '-next_dagrun', 'last_run', '-last_run'];

/** The DAG list's filters as they live in the URL (so a link or reload shows the same list). */
export interface DagListFilters {
  search: string;
  tags: string[];
  owner: string;
  status: 'all' | 'active' | 'paused';
  lastRunState: RunState | '';
  sort: DagSort;
  page: number;
}

const list = (value: string | null) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export function readDagListParams(params: URLSearchParams): DagListFilters {
  const status = params.get('status');
  const last = params.get('last') as RunState | null;
  const sort = params.get('sort') as DagSort | null;
  const page = Number(params.get('page') ?? '1');
  return {
    search: params.get('q') ?? '',
    tags: list(params.get('tags')),
    owner: params.get('owner') ?? '',
    status: status === 'active' || status === 'paused' ? status : 'all',
    lastRunState: last && RUN_STATES.includes(last) ? last : '',
    sort: sort && SORTS.includes(sort) ? sort : 'dag_id',
    page: Number.isInteger(page) && page > 0 ? page - 1 : 0,
  };
}

/** The URL after one change of the filters; any change but the page's own starts again on page 1. */
export function writeDagListParams(current: URLSearchParams, change: Partial<DagListFilters>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  if (change.search !== undefined) set('q', change.search);
  if (change.tags !== undefined) set('tags', change.tags.join(','));
  if (change.owner !== undefined) set('owner', change.owner);
  if (change.status !== undefined) set('status', change.status === 'all' ? '' : change.status);
  if (change.lastRunState !== undefined) set('last', change.lastRunState);
  if (change.sort !== undefined) set('sort', change.sort === 'dag_id' ? '' : change.sort);
  if (change.page !== undefined) set('page', change.page > 0 ? String(change.page + 1) : '');
  else next.delete('page');
  return next;
}

export function dagQueryOf(filters: DagListFilters): DagQuery {
  return {
    limit: DAG_PAGE_SIZE,
    offset: filters.page * DAG_PAGE_SIZE,
    orderBy: filters.sort,
    search: filters.search || undefined,
    tags: filters.tags.length ? filters.tags : undefined,
    owners: filters.owner ? [filters.owner] : undefined,
    paused: filters.status === 'all' ? undefined : filters.status === 'paused',
    lastRunState: filters.lastRunState || undefined,
  };
}
