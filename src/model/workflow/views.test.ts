import { describe, expect, it } from 'vitest';
import type { DagRun, GridData } from '../../../contracts/workflow';
import { isLiveViewOf, refreshDue, SETTLED_GRID_CHECK_MS, viewKey } from './views';

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

describe('refreshDue', () => {
  const grid = { kind: 'grid', dagId: 'a', numRuns: 25 } as const;
  const run = (runId: string, state: DagRun['state']) => ({ runId, state }) as DagRun;
  const data = (...runs: DagRun[]): GridData => ({ runs, nodes: [] });
  const NOW = 1_000_000;

  it('asks a grid again while some shown run is unfinished, else only on the slow check', () => {
    expect(refreshDue(grid, { value: data(run('r1', 'success'), run('r2', 'running')), fetchedAt: NOW - 1000 }, NOW)).toBe(true);
    expect(refreshDue(grid, { value: data(run('r1', 'success'), run('r2', 'queued')), fetchedAt: NOW - 1000 }, NOW)).toBe(true);
    const finished = data(run('r1', 'success'), run('r2', 'failed'));
    expect(refreshDue(grid, { value: finished, fetchedAt: NOW - 1000 }, NOW)).toBe(false);
    expect(refreshDue(grid, { value: finished, fetchedAt: NOW - SETTLED_GRID_CHECK_MS }, NOW)).toBe(true);
  });

  it('asks no view before the time the server gave (Retry-After), and then as usual', () => {
    const dag = { kind: 'dag', dagId: 'a' } as const;
    expect(refreshDue(grid, { error: 'still reading', retryAt: NOW + 1 }, NOW)).toBe(false);
    expect(refreshDue(dag, { value: {}, fetchedAt: NOW - 1000, retryAt: NOW + 30_000 }, NOW)).toBe(false);
    expect(refreshDue(grid, { error: 'still reading', retryAt: NOW }, NOW)).toBe(true);
  });

  it('always asks a grid never answered or whose last ask failed, and every other view', () => {
    expect(refreshDue(grid, {}, NOW)).toBe(true);
    expect(refreshDue(grid, { value: data(run('r1', 'success')), fetchedAt: NOW - 1000, error: 'unreachable' }, NOW)).toBe(true);
    expect(refreshDue({ kind: 'dag', dagId: 'a' }, { value: {}, fetchedAt: NOW - 1000 }, NOW)).toBe(true);
  });
});
