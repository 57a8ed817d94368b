import { describe, expect, it } from 'vitest';
import type { Dag } from '../../../contracts/workflow';
import { cachedDagSearch } from './dagTargets';

const dag = (id: string, tags: string[] = []): Dag => ({
  id, displayName: id, description: null, isPaused: false, isActive: true, owners: ['data-eng'], tags, schedule: '@daily',
  nextRun: null, sourceKey: id, fileloc: `/dags/${id}.py`, hasImportErrors: false, maxActiveRuns: 16,
});

describe('finding DAGs with Ctrl+K', () => {
  it('finds kept DAGs by part of their id and opens their page', () => {
    const { targets, askServer } = cachedDagSearch([dag('orders_daily_etl', ['finance']), dag('ml_training')], 'ETL');
    expect(targets.map((t) => [t.label, t.to, t.group])).toEqual([['orders_daily_etl', '/admin/workflow/orders_daily_etl', 'DAGs']]);
    expect(askServer).toBe(false);
  });
  it('asks the server only when nothing kept matches, and never for one letter', () => {
    expect(cachedDagSearch([dag('a_dag')], 'zz').askServer).toBe(true);
    expect(cachedDagSearch([dag('a_dag')], 'a')).toEqual({ targets: [], askServer: false });
  });
});
