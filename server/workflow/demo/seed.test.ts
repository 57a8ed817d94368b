import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/db';
import type { DagSpec } from '../model';
import { DEMO_CATALOG } from './catalog';
import { seedWorkflowDemo } from './seed';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const opened: { dir: string; store: Store }[] = [];

async function freshStore(): Promise<Store> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wf-seed-'));
  const store = await openStore(dir);
  opened.push({ dir, store });
  return store;
}

afterEach(async () => {
  for (const { dir, store } of opened.splice(0)) {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

describe('workflow demo seed', () => {
  it('writes about 25 DAGs with 90 days of history quickly, once', async () => {
    const store = await freshStore();
    const started = performance.now();
    expect(await seedWorkflowDemo(store, NOW)).toBe(true);
    const elapsed = performance.now() - started;
    console.info(`workflow demo seed: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(3000);
    expect(await seedWorkflowDemo(store, NOW)).toBe(false);
    const dags = await store.all<{ spec: string; is_paused: number; source: string }>('SELECT spec, is_paused, source FROM wf_dags');
    expect(dags).toHaveLength(DEMO_CATALOG.length);
    const specs = dags.map((row) => JSON.parse(row.spec) as DagSpec);
    const sizes = specs.map((spec) => spec.tasks.length);
    expect(Math.max(...sizes)).toBe(60);
    expect(Math.min(...sizes)).toBe(3);
    expect(dags.some((row) => row.is_paused === 1)).toBe(true);
    for (const [i, spec] of specs.entries()) {
      for (const task of spec.tasks) expect(dags[i].source).toContain(`task_id="${task.task_id.split('.').pop()}"`);
    }
    const states = await store.all<{ state: string | null }>('SELECT DISTINCT state FROM wf_task_instances');
    expect(states.map((row) => row.state)).toEqual(expect.arrayContaining(['success', 'failed', 'upstream_failed', 'skipped', 'up_for_retry', null]));
    const [{ retried }] = await store.all<{ retried: number }>('SELECT count(*) AS retried FROM wf_task_instances WHERE try_number >= 3');
    expect(retried).toBeGreaterThan(0);
    const [{ oldest }] = await store.all<{ oldest: number }>('SELECT min(logical_date) AS oldest FROM wf_dag_runs');
    expect(NOW - oldest).toBeGreaterThan(85 * 24 * 3600 * 1000);
  });

  it('adds paused copies with a few runs each up to the asked number of DAGs, still quickly', async () => {
    const store = await freshStore();
    const started = performance.now();
    expect(await seedWorkflowDemo(store, NOW, 1000)).toBe(true);
    const elapsed = performance.now() - started;
    console.info(`workflow demo seed of 1,000 DAGs: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(15_000);
    const dags = await store.all<{ dag_id: string; is_paused: number }>('SELECT dag_id, is_paused FROM wf_dags ORDER BY dag_id');
    expect(dags).toHaveLength(1000);
    expect(new Set(dags.map((d) => d.dag_id)).size).toBe(1000);
    const copies = dags.filter((d) => /_\d{4}$/.test(d.dag_id));
    expect(copies).toHaveLength(975);
    expect(copies.every((d) => d.is_paused === 1)).toBe(true);
    expect(dags.map((d) => d.dag_id)).toEqual(expect.arrayContaining(['customer_360_0007', 'example_etl_0951', 'executive_dashboard_refresh_0975']));
    const perDag = await store.all<{ runs: number }>("SELECT count(*) AS runs FROM wf_dag_runs WHERE dag_id LIKE '%\\_0%' ESCAPE '\\' GROUP BY dag_id");
    expect(perDag.length).toBeGreaterThan(500);
    expect(Math.max(...perDag.map((row) => row.runs))).toBeLessThanOrEqual(4);
    const [{ own }] = await store.all<{ own: number }>("SELECT count(*) AS own FROM wf_dag_runs WHERE dag_id = 'customer_360'");
    expect(own).toBeGreaterThan(80);
  });
});
