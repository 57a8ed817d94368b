import { describe, expect, it } from 'vitest';
import { isLiveViewOf, viewKey } from './views';

describe('viewKey', () => {
  it('is the same for the same request whatever the order of its fields', () => {
    expect(viewKey({ kind: 'dags', query: { limit: 10, offset: 0, search: 'etl' } })).toBe(viewKey({ kind: 'dags', query: { search: 'etl', offset: 0, limit: 10 } }));
  });
  it('differs when any part of the request differs, and ignores absent fields', () => {
    const a = viewKey({ kind: 'dags', query: { limit: 10, offset: 0, tags: ['a'] } });
    expect(viewKey({ kind: 'dags', query: { limit: 10, offset: 10, tags: ['a'] } })).not.toBe(a);
    expect(viewKey({ kind: 'dags', query: { limit: 10, offset: 0, tags: ['b'] } })).not.toBe(a);
    expect(viewKey({ kind: 'dags', query: { limit: 10, offset: 0, tags: ['a'], search: undefined } })).toBe(a);
  });
});

describe('isLiveViewOf', () => {
  it('names the views an action on a DAG changes, not its source or shape', () => {
    expect(isLiveViewOf({ kind: 'grid', dagId: 'a', numRuns: 25 }, 'a')).toBe(true);
    expect(isLiveViewOf({ kind: 'grid', dagId: 'b', numRuns: 25 }, 'a')).toBe(false);
    expect(isLiveViewOf({ kind: 'dags', query: { limit: 10, offset: 0 } }, 'a')).toBe(true);
    expect(isLiveViewOf({ kind: 'source', dagId: 'a', sourceKey: 'x' }, 'a')).toBe(false);
  });
});
