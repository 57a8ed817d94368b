import { vi } from 'vitest';
import type { BiApi } from '../bi.api';

/**
 * A BI API for tests: every call is a vi.fn that fails the test ("not expected in this test")
 * unless the test provides it in `overrides`.
 */
export function fakeBiApi(overrides: Partial<BiApi> = {}): BiApi {
  const unexpected = () =>
    vi.fn(async () => {
      throw new Error('not expected in this test');
    });
  return {
    databases: unexpected(),
    schemas: unexpected(),
    tables: unexpected(),
    tableMetadata: unexpected(),
    searchTables: unexpected(),
    searchColumns: unexpected(),
    searchAll: unexpected(),
    tablePreview: unexpected(),
    execute: unexpected(),
    stop: unexpected(),
    estimate: unexpected(),
    format: unexpected(),
    history: unexpected(),
    historyRelated: unexpected(),
    savedQueries: unexpected(),
    savedQuery: unexpected(),
    favoriteStatus: unexpected(),
    ...overrides,
  };
}
