import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages, type PageParams } from './pagination';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A Superset-like list of `rows` answering {result, count}. */
function superset(rows: number[], count = rows.length) {
  return vi.fn(async ({ page, page_size }: PageParams) => ({
    result: rows.slice(page * page_size, (page + 1) * page_size),
    count,
  }));
}

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
