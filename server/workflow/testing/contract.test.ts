import { describe, expect, it } from 'vitest';
import { sharedContractsPresent } from '../../testing/sharedContracts';
import { loadAirflowContract } from './contract';

describe.skipIf(!sharedContractsPresent())('Airflow v1 contract helper', () => {
  it('validates answers against the operation and refuses wrong shapes', async () => {
    const contract = await loadAirflowContract();
    contract.expectResponse('/dags', 'get', 200, { dags: [], total_entries: 0 });
    expect(() => contract.expectResponse('/dags', 'get', 200, { dags: [{ dag_id: 5 }], total_entries: 1 })).toThrow(/dag_id/);
    expect(() => contract.expectResponse('/dags/{dag_id}/dagRuns', 'get', 200, { dag_runs: [{ state: 'sleeping' }], total_entries: 1 })).toThrow(/state/);
    contract.expectResponse('/dags/{dag_id}/clearTaskInstances', 'post', 200, { task_instances: [{ task_id: 'a', dag_id: 'd', dag_run_id: 'r', execution_date: '2025-01-01T00:00:00+00:00' }] });
    expect(() => contract.expectResponse('/dags/{dag_id}/clearTaskInstances', 'post', 200, { task_instances: [{ execution_date: 'monday' }] })).toThrow(/date-time/);
  });
});
