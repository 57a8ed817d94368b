import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clearedTaskIds, clearTis, markRun, setTaskState, toClear, type ClearRequest } from './actions';
import { runIdOf } from './demo/history';
import { iso, presentRun } from './present';
import { badRequest, conflict, notFound } from './problem';
import { DATE, PAGE_PROPERTIES, STRINGS, Where, orderBy, pageOf, type Page } from './query';
import type { WorkflowContext } from './context';
import type { RunRow } from './rows';

interface RunListQuery extends Page {
  order_by?: string;
  state?: string[];
  [range: string]: unknown;
}

const RANGES = ['execution_date', 'start_date', 'end_date', 'updated_at'] as const;
const COLUMNS: Record<(typeof RANGES)[number], string> = { execution_date: 'logical_date', start_date: 'start_date', end_date: 'end_date', updated_at: 'updated_at' };
const listQuery = {
  type: 'object',
  properties: {
    ...PAGE_PROPERTIES,
    order_by: { type: 'string' },
    state: STRINGS,
    ...Object.fromEntries(RANGES.flatMap((name) => [[`${name}_gte`, DATE], [`${name}_lte`, DATE]])),
  },
} as const;
const ORDER = { execution_date: 'logical_date', logical_date: 'logical_date', start_date: 'start_date', end_date: 'end_date', state: 'state', dag_run_id: 'run_id', run_id: 'run_id', id: 'rowid', updated_at: 'updated_at' };

interface TriggerBody { dag_run_id?: string; logical_date?: string; execution_date?: string; conf?: Record<string, unknown>; note?: string }
const triggerBody = {
  type: 'object',
  properties: {
    dag_run_id: { allOf: [{ strictType: 'string' }, { type: 'string', minLength: 1, maxLength: 250, pattern: '^[A-Za-z0-9_.~:+\\-]+$' }] },
    logical_date: DATE,
    execution_date: DATE,
    conf: { type: 'object' },
    note: { allOf: [{ strictType: 'string' }, { type: 'string', maxLength: 1000 }] },
    data_interval_start: DATE,
    data_interval_end: DATE,
  },
} as const;
const markBody = { type: 'object', required: ['state'], properties: { state: { enum: ['success', 'failed', 'queued'] } }, additionalProperties: false } as const;
const clearBody = {
  type: 'object',
  properties: {
    dag_run_id: { strictType: 'string' },
    task_ids: { type: 'array', items: { strictType: 'string' }, minItems: 1 },
    dry_run: { strictType: 'boolean', default: true },
    only_failed: { strictType: 'boolean', default: true },
    only_running: { strictType: 'boolean', default: false },
    include_upstream: { strictType: 'boolean', default: false },
    include_downstream: { strictType: 'boolean', default: false },
    include_past: { strictType: 'boolean', default: false },
    include_future: { strictType: 'boolean', default: false },
    include_subdags: { strictType: 'boolean' },
    include_parentdag: { strictType: 'boolean' },
    reset_dag_runs: { strictType: 'boolean' },
    start_date: DATE,
    end_date: DATE,
  },
} as const;
const setStateBody = {
  type: 'object',
  required: ['new_state'],
  properties: { new_state: { enum: ['success', 'failed'] }, dry_run: { strictType: 'boolean', default: false } },
} as const;

const mappedTiParams = { type: 'object', properties: { map_index: { type: 'integer', minimum: 0 } } } as const;

type RunParams = { dag_id: string; dag_run_id: string };
type TiParams = RunParams & { task_id: string; map_index?: number };
type ClearBody = ClearRequest & { dag_run_id?: string; dry_run: boolean; start_date?: string; end_date?: string };
type SetStateBody = { new_state: 'success' | 'failed'; dry_run: boolean };

/** A DAG's runs: list, trigger, read, mark; clearing and setting task instances. */
export function runRoutes(context: WorkflowContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/v1/dags/:dag_id/dagRuns', { schema: { querystring: listQuery } }, listRuns(context));
    app.post('/v1/dags/:dag_id/dagRuns', { schema: { body: triggerBody } }, triggerRun(context));
    app.get('/v1/dags/:dag_id/dagRuns/:dag_run_id', readRun(context));
    app.patch('/v1/dags/:dag_id/dagRuns/:dag_run_id', { schema: { body: markBody } }, markRunState(context));
    app.post('/v1/dags/:dag_id/clearTaskInstances', { schema: { body: clearBody } }, clearTaskInstances(context));
    app.patch('/v1/dags/:dag_id/dagRuns/:dag_run_id/taskInstances/:task_id', { schema: { body: setStateBody } }, setTaskInstanceState(context));
    // One map index of a mapped task (Airflow 2.5+'s patch_mapped_task_instance).
    app.patch('/v1/dags/:dag_id/dagRuns/:dag_run_id/taskInstances/:task_id/:map_index', { schema: { params: mappedTiParams, body: setStateBody } }, setTaskInstanceState(context));
  };
}

function listRuns({ store }: WorkflowContext) {
  return async (request: FastifyRequest<{ Params: { dag_id: string }; Querystring: RunListQuery }>) => {
    const query = request.query;
    const where = new Where();
    if (request.params.dag_id !== '~') {
      const dagId = (await store.dag(request.params.dag_id)).spec.dag_id;
      where.add((mark) => `dag_id = ${mark(dagId)}`);
    }
    where.anyOf('state', query.state);
    for (const name of RANGES) where.between(COLUMNS[name], query[`${name}_gte`] as string | undefined, query[`${name}_lte`] as string | undefined);
    const { limit, offset } = pageOf(query);
    const { rows, total } = await store.runsPage(where.sql, where.params, `${orderBy(query.order_by, ORDER, 'rowid ASC')}, run_id`, limit, offset);
    return { dag_runs: rows.map(presentRun), total_entries: total };
  };
}

function triggerRun(context: WorkflowContext) {
  const { store, audit, now } = context;
  return async (request: FastifyRequest<{ Params: { dag_id: string }; Body: TriggerBody }>) => {
    const { spec } = await store.dag(request.params.dag_id);
    const body = request.body;
    const at = now();
    const logical = Date.parse(body.logical_date ?? body.execution_date ?? new Date(at).toISOString());
    const run_id = body.dag_run_id ?? runIdOf('manual', logical);
    if (await store.runExists(spec.dag_id, run_id)) throw conflict(`DAGRun with DAG ID: '${spec.dag_id}' and DAGRun ID: '${run_id}' already exists`);
    const run: RunRow = {
      dag_id: spec.dag_id, run_id, state: 'queued', run_type: 'manual', logical_date: logical, interval_start: logical, interval_end: logical,
      queued_at: at, start_date: null, end_date: null, conf: JSON.stringify(body.conf ?? {}), note: body.note ?? null, external_trigger: 1, updated_at: at,
    };
    await store.insertRun(run);
    await audit(request, { dag_id: spec.dag_id, run_id, event: 'trigger', logical_date: logical, extra: JSON.stringify({ conf: body.conf ?? {} }) });
    context.wake();
    return presentRun(run);
  };
}

function readRun({ store }: WorkflowContext) {
  return async (request: FastifyRequest<{ Params: RunParams }>) => {
    await store.dag(request.params.dag_id);
    return presentRun(await store.run(request.params.dag_id, request.params.dag_run_id));
  };
}

function markRunState(context: WorkflowContext) {
  const { store, audit, now } = context;
  return async (request: FastifyRequest<{ Params: RunParams; Body: { state: 'success' | 'failed' | 'queued' } }>) => {
    await store.dag(request.params.dag_id);
    const run = await store.run(request.params.dag_id, request.params.dag_run_id);
    const updated = await markRun(store, run, request.body.state, now());
    await audit(request, { dag_id: run.dag_id, run_id: run.run_id, event: `mark_run_${request.body.state}`, logical_date: run.logical_date, extra: JSON.stringify(request.body) });
    context.wake();
    return presentRun(updated);
  };
}

function clearTaskInstances(context: WorkflowContext) {
  const { store, audit, now } = context;
  return async (request: FastifyRequest<{ Params: { dag_id: string }; Body: ClearBody }>) => {
    const { spec } = await store.dag(request.params.dag_id);
    const body = request.body;
    const unknown = body.task_ids?.filter((id) => !spec.tasks.some((task) => task.task_id === id)) ?? [];
    if (unknown.length) throw badRequest(`Tasks not found in DAG '${spec.dag_id}': ${unknown.join(', ')}`);
    const runs = await runsAsked(context, spec.dag_id, body);
    const ids = clearedTaskIds(spec, body);
    const references = [];
    for (const run of runs) {
      const tis = toClear(await store.tis(run.dag_id, run.run_id), ids, body);
      references.push(...tis.map((ti) => ({ task_id: ti.task_id, dag_id: ti.dag_id, execution_date: iso(run.logical_date)!, dag_run_id: ti.run_id })));
      if (!body.dry_run) await clearTis(store, spec, run, tis, now());
    }
    if (!body.dry_run) {
      await audit(request, { dag_id: spec.dag_id, run_id: body.dag_run_id ?? null, event: 'clear', extra: JSON.stringify(body) });
      context.wake();
    }
    return { task_instances: references };
  };
}

function setTaskInstanceState(context: WorkflowContext) {
  const { store, audit, now } = context;
  return async (request: FastifyRequest<{ Params: TiParams; Body: SetStateBody }>) => {
    const { spec } = await store.dag(request.params.dag_id);
    const run = await store.run(spec.dag_id, request.params.dag_run_id);
    const { task_id: taskId, map_index: mapIndex } = request.params;
    const tis = (await store.tis(run.dag_id, run.run_id)).filter((ti) => ti.task_id === taskId && (mapIndex === undefined || ti.map_index === mapIndex));
    if (tis.length === 0) throw notFound('Task instance not found', `Task instance not found: ${spec.dag_id}.${taskId}${mapIndex === undefined ? '' : `[${mapIndex}]`} in run ${run.run_id}`);
    if (!request.body.dry_run) {
      await setTaskState(store, spec, run, tis, request.body.new_state, now());
      await audit(request, { dag_id: spec.dag_id, run_id: run.run_id, task_id: request.params.task_id, event: `set_task_instance_state_${request.body.new_state}`, logical_date: run.logical_date, extra: JSON.stringify(request.body) });
      context.wake();
    }
    return { task_id: request.params.task_id, dag_id: spec.dag_id, execution_date: iso(run.logical_date), dag_run_id: run.run_id };
  };
}

type AskedRuns = { dag_run_id?: string; include_past?: boolean; include_future?: boolean; start_date?: string; end_date?: string };

/** The run named (with the DAG's earlier and later runs when Past / Future are asked, as Airflow), else the runs in the dates. */
export async function runsAsked(context: WorkflowContext, dagId: string, body: AskedRuns): Promise<RunRow[]> {
  if (body.dag_run_id === undefined) return runsBetween(context, dagId, body.start_date, body.end_date);
  const run = await context.store.run(dagId, body.dag_run_id);
  if (!body.include_past && !body.include_future) return [run];
  const at = iso(run.logical_date)!;
  return runsBetween(context, dagId, body.include_past ? undefined : at, body.include_future ? undefined : at);
}

async function runsBetween(context: WorkflowContext, dagId: string, start: string | undefined, end: string | undefined): Promise<RunRow[]> {
  const where = new Where().add((mark) => `dag_id = ${mark(dagId)}`).between('logical_date', start, end);
  return (await context.store.runsPage(where.sql, where.params, 'logical_date', 100_000, 0)).rows;
}
