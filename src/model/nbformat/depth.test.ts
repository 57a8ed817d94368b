import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './depth';
import { parseNotebook } from './parse';
import type { Json } from './types';

const lists = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as Json;
const notebook = (metadata: string) => `{"nbformat":4,"nbformat_minor":5,"metadata":${metadata},"cells":[]}`;

describe('nestedDeeperThan', () => {
  it('counts objects and lists as levels; scalars add none', () => {
    expect(nestedDeeperThan(1, 0)).toBe(false);
    expect(nestedDeeperThan(lists(3), 3)).toBe(false);
    expect(nestedDeeperThan(lists(4), 3)).toBe(true);
    expect(nestedDeeperThan({ a: [{ b: 'x' }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('measures 100,000 levels without overflowing the stack', () => {
    expect(nestedDeeperThan(lists(100_000), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('parseNotebook and deep nesting', () => {
  it('refuses a notebook nested 5,000 levels deep (10 KB) by its reason', () => {
    const nested = '['.repeat(5000) + ']'.repeat(5000);
    const result = parseNotebook(notebook(`{"x":${nested}}`), 'deep.ipynb');
    expect(result).toEqual({ ok: false, reason: `The file is nested deeper than ${MAX_JSON_DEPTH} levels.` });
  });

  it('reads a notebook nested to the limit', () => {
    // The notebook object and "metadata" are two levels, so the list may take the rest.
    const depth = MAX_JSON_DEPTH - 2;
    const nested = '['.repeat(depth) + ']'.repeat(depth);
    expect(parseNotebook(notebook(`{"x":${nested}}`), 'ok.ipynb').ok).toBe(true);
  });
});
