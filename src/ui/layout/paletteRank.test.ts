import { describe, expect, it } from 'vitest';
import type { Dag } from '../../../contracts/workflow';
import { dagTargets } from './dagTargets';
import { paletteScore, rankTargets } from './paletteRank';
import { searchTargets, type SearchTarget } from './searchTargets';

const dag = (id: string): Dag => ({
  id, displayName: id, description: null, isPaused: false, isActive: true, owners: ['data-eng'], tags: ['etl', 'orders'], schedule: '@daily',
  nextRun: null, sourceKey: id, fileloc: `/dags/${id}.py`, hasImportErrors: false, maxActiveRuns: 16,
});

const entry = (label: string, keywords: string[] = [], group: SearchTarget['group'] = 'Pages') => ({ id: `x:${label}`, group, label, keywords }) as SearchTarget;
const labels = (targets: SearchTarget[], search: string) => rankTargets(targets, search).flatMap((g) => g.targets.map((t) => t.label));

describe('Ctrl+K ranking', () => {
  it('"ord": the DAG orders_incremental first, in the first group; Workflows (o, r, d in "dags") is not listed', () => {
    const ranked = rankTargets([...searchTargets('admin'), ...dagTargets([dag('orders_incremental')])], 'ord');
    expect(ranked[0]!.group).toBe('DAGs');
    expect(ranked[0]!.targets[0]!.label).toBe('orders_incremental');
    expect(ranked.flatMap((g) => g.targets.map((t) => t.label))).not.toContain('Workflows');
  });

  it('ranks exact > prefix > word prefix > substring > elsewhere, across kinds', () => {
    const targets = [entry('Airflow settings', ['ord']), entry('Recorded runs', [], 'Notebooks'), entry('daily_orders', [], 'Tables'), entry('orders_incremental', [], 'DAGs'), entry('Ord', [], 'Columns')];
    expect(labels(targets, 'ord')).toEqual(['Ord', 'orders_incremental', 'daily_orders', 'Recorded runs', 'Airflow settings']);
    expect(rankTargets(targets, 'ord').map((g) => g.group)).toEqual(['Columns', 'DAGs', 'Tables', 'Notebooks', 'Pages']);
  });

  it('among equal matches, the shorter name first; words split at _ and camelCase', () => {
    expect(labels([entry('orders_incremental'), entry('orders')], 'ord')).toEqual(['orders', 'orders_incremental']);
    expect(labels([entry('xincr'), entry('dailyIncrement'), entry('orders_incremental')], 'incr')).toEqual(['dailyIncrement', 'orders_incremental', 'xincr']);
  });

  it('finds every word of a several-word search, and abbreviations of the name, below real matches', () => {
    expect(paletteScore('SQL Editor', 'editor sql', ['query'])).toBeGreaterThan(0);
    expect(labels([entry('Secrets'), entry('SQL Editor')], 'sqle')).toEqual(['SQL Editor']);
    expect(paletteScore('Workflows', 'zzzz-nothing', ['dags', 'airflow'])).toBe(0);
    expect(paletteScore('Workflows', '  ')).toBe(1);
  });
});
