import { expect, it } from 'vitest';
import { forEachAirflow } from '../testing/airflowSuite';
import { ourDagIds } from '../testing/upstreamSuite';

// The DAG list and one DAG's details, read by the browser's own adapter through the console's proxy.
await forEachAirflow('The DAG list through the console', (context) => {
  it('lists our DAGs with their tags and owners, and pauses and unpauses one', async () => {
    const { service } = await context().console.workflow('editor');
    const expected = ourDagIds();
    const { items, total } = await service.listDags({ limit: 100, offset: 0 });
    expect(total).toBeGreaterThanOrEqual(expected.length);
    expect(items.map((dag) => dag.id)).toEqual(expect.arrayContaining(expected));
    const smoke = await service.getDag('console_smoke');
    expect(smoke.id).toBe('console_smoke');
    const paused = smoke.isPaused;
    await service.setPaused('console_smoke', !paused);
    expect((await context().airflow.get('/dags/console_smoke')) as { is_paused: boolean }).toMatchObject({ is_paused: !paused });
    await service.setPaused('console_smoke', paused);
  }, 120_000);
});
