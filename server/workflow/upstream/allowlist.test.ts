import { describe, expect, it } from 'vitest';
import { createAllowlist } from './allowlist';

describe('the Airflow allowlist', () => {
  const v1 = createAllowlist('v1');
  const v2 = createAllowlist('v2');

  it('forwards the path as it checked it: decoded, then encoded again', () => {
    expect(v1('GET', '/api/v1/dags/orders%20etl/dagRuns/manual__2025-11-26T02%3A30%3A00%2B00%3A00', '')).toEqual({
      kind: 'forward',
      call: 'GET /api/v1/dags/{}/dagRuns/{}',
      target: '/api/v1/dags/orders%20etl/dagRuns/manual__2025-11-26T02%3A30%3A00%2B00%3A00',
    });
    expect(v1('GET', '/api/v1/dags/%6Frders/tasks', '')).toMatchObject({ target: '/api/v1/dags/orders/tasks' });
    expect(v2('GET', '/api/v2/dags', 'tags=a&tags=b&dag_id_pattern=x%20y')).toMatchObject({ target: '/api/v2/dags?tags=a&tags=b&dag_id_pattern=x+y' });
  });

  it('takes only the query parameters the console sends on that call', () => {
    expect(v2('GET', '/api/v2/dags/a/dagRuns/r/taskInstances/t/xcomEntries/k', 'stringify=true')).toMatchObject({ kind: 'forward' });
    expect(v1('GET', '/api/v1/dags/a/dagRuns/r/taskInstances/t/xcomEntries/k', 'deserialize=true')).toEqual({
      kind: 'refused',
      detail: 'The console does not forward this Airflow call: the query parameter "deserialize" on GET /api/v1/dags/a/dagRuns/r/taskInstances/t/xcomEntries/k',
    });
    expect(v1('GET', '/api/v1/dags/a/details', 'fields=x')).toMatchObject({ kind: 'refused' });
  });

  it('matches ids, numbers and the literal ~ only where the console uses them', () => {
    expect(v1('GET', '/api/v1/dags/a/dagRuns/r/taskInstances/t/logs/3', '')).toMatchObject({ kind: 'forward' });
    expect(v1('GET', '/api/v1/dags/a/dagRuns/r/taskInstances/t/logs/x', '')).toMatchObject({ kind: 'refused' });
    expect(v1('GET', '/api/v1/dags/a/dagRuns/r/taskInstances/t/-1/tries', '')).toMatchObject({ kind: 'refused' });
    expect(v1('POST', '/api/v1/dags/~/dagRuns/~/taskInstances/list', '')).toMatchObject({ kind: 'forward' });
    expect(v1('GET', '/api/v1/dags/~/dagRuns', '')).toMatchObject({ kind: 'refused' });
    expect(v1('PATCH', '/api/v1/dags/~', '')).toMatchObject({ kind: 'refused' });
    expect(v1('HEAD', '/api/v1/dags', '')).toMatchObject({ kind: 'refused' });
    expect(v1('GET', '/api/v2/dags', '')).toMatchObject({ kind: 'refused' });
  });

  it('forwards Mark\'s calls: v2 PATCH and its dry_run (one map index too), v1 updateTaskInstancesState and a mapped instance\'s PATCH', () => {
    for (const path of ['t', 't/3', 't/dry_run', 't/3/dry_run']) expect(v2('PATCH', `/api/v2/dags/a/dagRuns/r/taskInstances/${path}`, ''), path).toMatchObject({ kind: 'forward' });
    expect(v2('PATCH', '/api/v2/dags/a/dagRuns/r/taskInstances/t/x/dry_run', '')).toMatchObject({ kind: 'refused' });
    expect(v1('POST', '/api/v1/dags/a/updateTaskInstancesState', '')).toMatchObject({ kind: 'forward' });
    expect(v1('PATCH', '/api/v1/dags/a/dagRuns/r/taskInstances/t/3', '')).toMatchObject({ kind: 'forward' });
    // The client marks an unmapped task through updateTaskInstancesState: the single PATCH is not its call.
    expect(v1('PATCH', '/api/v1/dags/a/dagRuns/r/taskInstances/t', '')).toMatchObject({ kind: 'refused' });
  });

  it('calls a path malformed when decoding could move it', () => {
    for (const path of ['/api/v1/dags/..%2F..%2Fconfig', '/api/v1/dags/%2e%2e', '/api/v1/dags/.', '/api/v1/dags/a%5Cb', '/api/v1//dags', '/api/v1/dags/%E0%A4%A', '/api/v1/dags/a%0Ab']) {
      expect(v1('GET', path, ''), path).toMatchObject({ kind: 'malformed' });
    }
  });
});
