import { describe, expect, it, vi } from 'vitest';
import { fetchAllByOffset, fetchAllPages, pageCount, pageRison, type OffsetParams, type PageParams } from './pagination';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A Superset-like list of `rows` answering {result, count}. */
function superset(rows: number[], count = rows.length) {
  return vi.fn(async ({ page, page_size }: PageParams) => ({
    result: rows.slice(page * page_size, (page + 1) * page_size),
    count,
  }));
}

/** An Airflow-like list answering {dags, total_entries}. */
function airflow(rows: number[]) {
  return vi.fn(async ({ limit, offset }: OffsetParams) => ({ dags: rows.slice(offset, offset + limit), total_entries: rows.length }));
}

describe('pageCount', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [1000, 100, 10],
  ])('%i items in pages of %i → %i pages', (count, size, pages) => {
    expect(pageCount(count, size)).toBe(pages);
  });

  it('refuses a page size of zero', () => {
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
});

describe('pageRison', () => {
  it('writes Superset paging as rison', () => {
    expect(pageRison({ page: 2, page_size: 100 })).toBe('(page:2,page_size:100)');
  });
});

describe('fetchAllPages (page/page_size)', () => {
  it('reads every page, starting at page 0, and stops at the count', async () => {
    const fetchPage = superset(range(25));
    const all = await fetchAllPages(fetchPage, { pageSize: 10 });
    expect(all).toEqual({ items: range(25), total: 25, complete: true });
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
      { page: 0, page_size: 10 },
      { page: 1, page_size: 10 },
      { page: 2, page_size: 10 },
    ]);
  });

  it('an exact multiple needs no extra empty page', async () => {
    const fetchPage = superset(range(20));
    await fetchAllPages(fetchPage, { pageSize: 10 });
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('an empty list is one request', async () => {
    const fetchPage = superset([]);
    expect(await fetchAllPages(fetchPage, { pageSize: 10 })).toEqual({ items: [], total: 0, complete: true });
    expect(fetchPage).toHaveBeenCalledOnce();
  });

  it('a short page ends the list even if the count promised more', async () => {
    const fetchPage = superset(range(12), 50);
    const all = await fetchAllPages(fetchPage, { pageSize: 10 });
    expect(all.items).toEqual(range(12));
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('stops at maxItems and says the list is incomplete', async () => {
    const fetchPage = superset(range(100));
    const all = await fetchAllPages(fetchPage, { pageSize: 10, maxItems: 25 });
    expect(all).toEqual({ items: range(25), total: 100, complete: false });
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('passes a failure on', async () => {
    await expect(fetchAllPages(() => Promise.reject(new Error('down')), { pageSize: 10 })).rejects.toThrow('down');
  });
});

describe('fetchAllByOffset (limit/offset)', () => {
  it('advances the offset by the limit and reads the named items', async () => {
    const fetchPage = airflow(range(250));
    const all = await fetchAllByOffset(fetchPage, { pageSize: 100, itemsKey: 'dags' });
    expect(all).toEqual({ items: range(250), total: 250, complete: true });
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 100, offset: 200 },
    ]);
  });

  it('stops at maxItems', async () => {
    const fetchPage = airflow(range(250));
    const all = await fetchAllByOffset(fetchPage, { pageSize: 100, itemsKey: 'dags', maxItems: 100 });
    expect(all).toEqual({ items: range(100), total: 250, complete: false });
    expect(fetchPage).toHaveBeenCalledOnce();
  });
});
