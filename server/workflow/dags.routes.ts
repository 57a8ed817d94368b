import type { FastifyPluginAsync } from 'fastify';
import { downstreamOf } from './model';
import { presentDag, presentDagDetail, presentTask } from './present';
import { badRequest, notFound } from './problem';
import { PAGE_PROPERTIES, STRINGS, pageOf, type Page } from './query';
import type { WorkflowContext } from './context';
import type { Dag } from './store';

interface DagListQuery extends Page {
  order_by?: string;
  tags?: string[];
  owners?: string[];
  only_active: boolean;
  paused?: boolean;
  dag_id_pattern?: string;
  last_dag_run_state?: string[];
}

const listQuery = {
  type: 'object',
  properties: {
    ...PAGE_PROPERTIES,
    order_by: { type: 'string' },
    tags: STRINGS,
    owners: STRINGS,
    only_active: { type: 'boolean', default: true },
    paused: { type: 'boolean' },
    dag_id_pattern: { type: 'string' },
    last_dag_run_state: { type: 'array', items: { enum: ['queued', 'running', 'success', 'failed'] } },
    fields: STRINGS,
  },
} as const;

const patchBody = { type: 'object', required: ['is_paused'], properties: { is_paused: { strictType: 'boolean' } } } as const;
const patchQuery = { type: 'object', properties: { update_mask: STRINGS } } as const;

type Sortable = { dag: Dag; lastRun: number | null };
const SORTS: Record<string, (a: Sortable, b: Sortable) => number> = {
  dag_id: (a, b) => a.dag.spec.dag_id.localeCompare(b.dag.spec.dag_id),
  next_dagrun: (a, b) => (a.dag.row.next_dagrun ?? Infinity) - (b.dag.row.next_dagrun ?? Infinity),
  last_run: (a, b) => (a.lastRun ?? -Infinity) - (b.lastRun ?? -Infinity),
  is_paused: (a, b) => a.dag.row.is_paused - b.dag.row.is_paused,
};

/** GET/PATCH /v1/dags and a DAG's details and tasks. */
export function dagRoutes(context: WorkflowContext): FastifyPluginAsync {
  const { store, audit } = context;
  return async (app) => {
    app.get<{ Querystring: DagListQuery }>('/v1/dags', { schema: { querystring: listQuery } }, async (request) => {
      const query = request.query;
      const lastRuns = await context.lastRuns();
      const pattern = query.dag_id_pattern?.toLowerCase();
      const rows = (await store.dags()).filter(({ row, spec }) =>
        (query.paused === undefined || (row.is_paused === 1) === query.paused) &&
        (!query.tags?.length || spec.tags.some((tag) => query.tags!.includes(tag))) &&
        (!query.owners?.length || spec.owners.some((owner) => query.owners!.includes(owner))) &&
        (pattern === undefined || spec.dag_id.toLowerCase().includes(pattern)) &&
        (!query.last_dag_run_state?.length || query.last_dag_run_state.includes(lastRuns.get(spec.dag_id)?.state ?? '')),
      );
      const sortable = rows.map((dag) => ({ dag, lastRun: lastRuns.get(dag.spec.dag_id)?.logical_date ?? null }));
      const order = query.order_by ?? 'dag_id';
      const compare = SORTS[order.replace(/^-/, '')];
      if (!compare) throw badRequest(`Ordering with '${order}' is disallowed or the attribute does not exist on the model`);
      sortable.sort((a, b) => (order.startsWith('-') ? -1 : 1) * compare(a, b) || a.dag.spec.dag_id.localeCompare(b.dag.spec.dag_id));
      const { limit, offset } = pageOf(query);
      return { dags: sortable.slice(offset, offset + limit).map(({ dag }) => presentDag(dag)), total_entries: sortable.length };
    });

    app.get<{ Params: { dag_id: string } }>('/v1/dags/:dag_id', async (request) => presentDag(await store.dag(request.params.dag_id)));

    app.patch<{ Params: { dag_id: string }; Body: { is_paused: boolean }; Querystring: { update_mask?: string[] } }>(
      '/v1/dags/:dag_id',
      { schema: { body: patchBody, querystring: patchQuery } },
      async (request) => {
        const mask = request.query.update_mask;
        if (mask && mask.some((field) => field !== 'is_paused')) throw badRequest(`Only 'is_paused' can be updated, not: ${mask.join(', ')}`);
        const dag = await store.dag(request.params.dag_id);
        await store.setPaused(dag.spec.dag_id, request.body.is_paused);
        await audit(request, { dag_id: dag.spec.dag_id, event: request.body.is_paused ? 'paused' : 'unpaused', extra: JSON.stringify(request.body) });
        context.wake();
        return presentDag(await store.dag(dag.spec.dag_id));
      },
    );

    app.get<{ Params: { dag_id: string } }>('/v1/dags/:dag_id/details', async (request) => presentDagDetail(await store.dag(request.params.dag_id)));

    app.get<{ Params: { dag_id: string }; Querystring: { order_by?: string } }>('/v1/dags/:dag_id/tasks', async (request) => {
      const { spec } = await store.dag(request.params.dag_id);
      const downstream = downstreamOf(spec);
      const tasks = spec.tasks.map((task) => presentTask(spec, task, downstream.get(task.task_id)!));
      const order = request.query.order_by ?? 'task_id';
      if (order.replace(/^-/, '') !== 'task_id') throw badRequest(`Ordering with '${order}' is disallowed or the attribute does not exist on the model`);
      tasks.sort((a, b) => (order.startsWith('-') ? -1 : 1) * a.task_id.localeCompare(b.task_id));
      return { tasks, total_entries: tasks.length };
    });

    app.get<{ Params: { dag_id: string; task_id: string } }>('/v1/dags/:dag_id/tasks/:task_id', async (request) => {
      const { spec } = await store.dag(request.params.dag_id);
      const task = spec.tasks.find((candidate) => candidate.task_id === request.params.task_id);
      if (!task) throw notFound('Task not found', `Task with id '${request.params.task_id}' not found in DAG '${spec.dag_id}'`);
      return presentTask(spec, task, downstreamOf(spec).get(task.task_id)!);
    });
  };
}
