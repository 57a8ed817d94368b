import { describe, expect, it } from 'vitest';
import { importLimit, MAX_IMPORT_BYTES } from './importLimit';

describe('the import limit', () => {
  it('comes from /config.json, else the server default of 50 MB, and never passes what one save carries', () => {
    expect(importLimit(1024)).toBe(1024);
    expect(importLimit(undefined)).toBe(MAX_IMPORT_BYTES);
    expect(importLimit(-1)).toBe(MAX_IMPORT_BYTES);
    expect(importLimit(Number.NaN)).toBe(MAX_IMPORT_BYTES);
    expect(importLimit(100 * 1024 * 1024)).toBe(MAX_IMPORT_BYTES);
    expect(MAX_IMPORT_BYTES).toBe(30 * 1024 * 1024);
  });
});
