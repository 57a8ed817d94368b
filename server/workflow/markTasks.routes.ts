import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clearedTaskIds, setTaskState } from './actions';
import type { WorkflowContext } from './context';
import { iso } from './present';
import { notFound } from './problem';
import { runsAsked } from './runs.routes';

const BOOLEAN = { strictType: 'boolean', default: false } as const;
/** Airflow 2's UpdateTaskInstancesState (by dag_run_id; execution_date is not offered here). */
const updateStateBody = {
  type: 'object',
  required: ['task_id', 'dag_run_id', 'new_state'],
  properties: {
    // Airflow's default: a call that forgets dry_run changes nothing.
    dry_run: { strictType: 'boolean', default: true },
    task_id: { type: 'string' },
    dag_run_id: { type: 'string' },
    new_state: { enum: ['success', 'failed'] },
    include_upstream: BOOLEAN,
    include_downstream: BOOLEAN,
    include_future: BOOLEAN,
    include_past: BOOLEAN,
  },
} as const;

type UpdateStateBody = {
  dry_run: boolean;
  task_id: string;
  dag_run_id: string;
  new_state: 'success' | 'failed';
  include_upstream: boolean;
  include_downstream: boolean;
  include_future: boolean;
  include_past: boolean;
};

/** Airflow's "mark success / failed" with Upstream / Downstream / Past / Future, dry run first. */
export function markTaskRoutes(context: WorkflowContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/v1/dags/:dag_id/updateTaskInstancesState', { schema: { body: updateStateBody } }, updateTaskInstancesState(context));
  };
}

function updateTaskInstancesState(context: WorkflowContext) {
  const { store, audit, now } = context;
  return async (request: FastifyRequest<{ Params: { dag_id: string }; Body: UpdateStateBody }>) => {
    const { spec } = await store.dag(request.params.dag_id);
    const body = request.body;
    if (!spec.tasks.some((task) => task.task_id === body.task_id)) throw notFound('Task not found', `Task ID ${body.task_id} not found`);
    const named = (await store.tis(spec.dag_id, body.dag_run_id)).filter((ti) => ti.task_id === body.task_id);
    // As Airflow 2: the call knows no map index, so a mapped task (no instance -1) is not found.
    if (!named.some((ti) => ti.map_index === -1)) throw notFound('Task instance not found', `Task instance not found for task '${body.task_id}' on DAG run with ID '${body.dag_run_id}'`);
    const ids = clearedTaskIds(spec, { task_ids: [body.task_id], include_upstream: body.include_upstream, include_downstream: body.include_downstream, only_failed: false, only_running: false });
    const references = [];
    for (const run of await runsAsked(context, spec.dag_id, body)) {
      // Instances already in the state are left out, as Airflow's set_task_instance_state does.
      const tis = (await store.tis(run.dag_id, run.run_id)).filter((ti) => ids.has(ti.task_id) && ti.state !== body.new_state);
      references.push(...tis.map((ti) => ({ task_id: ti.task_id, dag_id: ti.dag_id, execution_date: iso(run.logical_date)!, dag_run_id: ti.run_id })));
      if (!body.dry_run && tis.length > 0) await setTaskState(store, spec, run, tis, body.new_state, now());
    }
    if (!body.dry_run) {
      await audit(request, { dag_id: spec.dag_id, run_id: body.dag_run_id, task_id: body.task_id, event: `set_task_instance_state_${body.new_state}`, extra: JSON.stringify(body) });
      context.wake();
    }
    return { task_instances: references };
  };
}
