/**
 * Fetching a whole server list page by page, in Superset's paging style (`page`/`page_size`,
 * 0-based pages, answers `{result, count}`): the saved queries kept for offline use. Pages are
 * fetched one after another so a long list never floods the server.
 */

/** All items of a list, or its first `maxItems` when `complete` is false. */
export interface AllPages<T> {
  items: T[];
  /** How many the server said there are. */
  total: number;
  complete: boolean;
}

export interface PagingOptions {
  pageSize: number;
  /** Stop once this many items are in hand (the rest stays on the server). */
  maxItems?: number;
}

/** Superset's paging parameters, as they go into its rison `q`. */
export interface PageParams {
  page: number;
  page_size: number;
}

interface Page<T> {
  items: T[];
  total: number;
}

/** Reads page 0, 1, 2… until the total is reached, a page comes back short, or maxItems is hit. */
async function collect<T>(next: (index: number) => Promise<Page<T>>, options: PagingOptions): Promise<AllPages<T>> {
  const { pageSize, maxItems = Number.POSITIVE_INFINITY } = options;
  if (pageSize <= 0) throw new RangeError('pageSize must be positive');
  const items: T[] = [];
  let total = 0;
  for (let index = 0; ; index++) {
    const page = await next(index);
    items.push(...page.items);
    total = page.total;
    if (items.length >= maxItems) {
      return { items: items.slice(0, maxItems), total, complete: total <= maxItems };
    }
    // A short page ends the list even when the total says otherwise (rows deleted meanwhile).
    if (items.length >= total || page.items.length < pageSize) return { items, total, complete: true };
  }
}

/** Superset style: `fetchPage({page, page_size})` answers `{result, count}`. */
export function fetchAllPages<T>(
  fetchPage: (params: PageParams) => Promise<{ result: T[]; count: number }>,
  options: PagingOptions,
): Promise<AllPages<T>> {
  return collect(async (index) => {
    const answer = await fetchPage({ page: index, page_size: options.pageSize });
    return { items: answer.result, total: answer.count };
  }, options);
}
