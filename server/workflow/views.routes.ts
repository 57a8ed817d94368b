import type { FastifyPluginAsync } from 'fastify';
import { TASK_STATES } from '../../contracts/workflow';
import { gridData, graphData } from './grid';
import { iso } from './present';
import type { WorkflowContext } from './context';

const gridQuery = {
  type: 'object',
  required: ['dag_id'],
  properties: { dag_id: { type: 'string' }, num_runs: { type: 'integer', minimum: 1, maximum: 365, default: 25 }, base_date: { type: 'string', format: 'date-time' } },
} as const;
const dagIdsQuery = { type: 'object', properties: { dag_ids: { type: 'array', items: { type: 'string' } } } } as const;

/** The Airflow 2.10 webserver views the console uses (no REST spec describes them). */
export function viewRoutes(context: WorkflowContext): FastifyPluginAsync {
  const { store } = context;
  const wanted = async (dagIds: string[] | undefined) => {
    const ids = new Set((dagIds ?? []).flatMap((value) => value.split(',')).map((id) => id.trim()).filter(Boolean));
    return (await store.dags()).filter(({ spec }) => ids.size === 0 || ids.has(spec.dag_id));
  };
  return async (app) => {
    app.get<{ Querystring: { dag_id: string; num_runs: number; base_date?: string } }>('/grid_data', { schema: { querystring: gridQuery } }, async (request) => {
      const { spec } = await store.dag(request.query.dag_id);
      const before = request.query.base_date === undefined ? undefined : Date.parse(request.query.base_date);
      const runs = (await store.recentRuns(spec.dag_id, request.query.num_runs, before)).reverse();
      const tis = await store.tisOfRuns(spec.dag_id, runs.map((run) => run.run_id));
      return gridData(spec, runs, tis);
    });

    app.get<{ Querystring: { dag_id: string } }>('/graph_data', { schema: { querystring: { type: 'object', required: ['dag_id'], properties: { dag_id: { type: 'string' } } } } }, async (request) =>
      graphData((await store.dag(request.query.dag_id)).spec),
    );

    // Task instance states of each DAG's running runs and latest run, as the DAG list's circles show them.
    app.get<{ Querystring: { dag_ids?: string[] } }>('/task-stats', { schema: { querystring: dagIdsQuery } }, async (request) => {
      const dags = await wanted(request.query.dag_ids);
      const counts = await store.db.all<{ dag_id: string; state: string | null; count: number }>(
        `SELECT ti.dag_id, ti.state, count(*) AS count FROM wf_task_instances ti JOIN wf_dag_runs r ON r.dag_id = ti.dag_id AND r.run_id = ti.run_id
         WHERE r.state = 'running' OR r.rowid IN (SELECT rowid FROM wf_dag_runs WHERE (dag_id, logical_date) IN (SELECT dag_id, max(logical_date) FROM wf_dag_runs GROUP BY dag_id))
         GROUP BY ti.dag_id, ti.state`,
      );
      return Object.fromEntries(dags.map(({ spec }) => [spec.dag_id, TASK_STATES.map((state) => ({ state, count: counts.find((row) => row.dag_id === spec.dag_id && row.state === state)?.count ?? 0 }))]));
    });

    app.get<{ Querystring: { dag_ids?: string[] } }>('/last_dagruns', { schema: { querystring: dagIdsQuery } }, async (request) => {
      const dags = await wanted(request.query.dag_ids);
      const lastRuns = await context.lastRuns();
      const entries = dags.flatMap(({ spec }) => {
        const run = lastRuns.get(spec.dag_id);
        if (!run) return [];
        const { state, logical_date, start_date, end_date, interval_start, interval_end } = run;
        return [[spec.dag_id, { dag_id: spec.dag_id, state, execution_date: iso(logical_date), start_date: iso(start_date), end_date: iso(end_date), data_interval_start: iso(interval_start), data_interval_end: iso(interval_end) }]];
      });
      return Object.fromEntries(entries);
    });
  };
}
