import { describe, expect, it } from 'vitest';
import type { DagRun, RunQuery, WorkflowService } from '../../contracts/workflow';
import { fetchView, isLiveViewOf, viewKey } from './views';

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
    expect(isLiveViewOf({ kind: 'recentRuns', dagIds: ['b', 'a'], limit: 10 }, 'a')).toBe(true);
    expect(isLiveViewOf({ kind: 'recentRuns', dagIds: ['b', 'c'], limit: 10 }, 'a')).toBe(false);
  });
});

describe('recentRuns', () => {
  const run = (dagId: string, n: number) => ({ dagId, runId: `${dagId}-${n}` }) as DagRun;
  it("asks each DAG's newest runs and answers them by DAG id", async () => {
    const asked: [string, RunQuery][] = [];
    const service = {
      listRuns: async (dagId: string, query: RunQuery) => {
        asked.push([dagId, query]);
        return { items: [run(dagId, 2), run(dagId, 1)], total: 2 };
      },
    } as unknown as WorkflowService;
    const value = await fetchView(service, { kind: 'recentRuns', dagIds: ['etl', 'ml'], limit: 10 });
    expect(asked).toEqual([['etl', { limit: 10, offset: 0 }], ['ml', { limit: 10, offset: 0 }]]);
    expect(value).toEqual({ etl: [run('etl', 2), run('etl', 1)], ml: [run('ml', 2), run('ml', 1)] });
  });
  it('fails as a whole when one DAG cannot be read, so the last answer stays with its age', async () => {
    const service = { listRuns: async (dagId: string) => (dagId === 'ml' ? Promise.reject(new Error('boom')) : { items: [], total: 0 }) } as unknown as WorkflowService;
    await expect(fetchView(service, { kind: 'recentRuns', dagIds: ['etl', 'ml'], limit: 10 })).rejects.toThrow('boom');
  });
});
