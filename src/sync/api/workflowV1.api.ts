import type { AxiosInstance } from 'axios';
import type { V1Dag, V1DagDetail, V1DagRun, V1DagStats, V1EventLog, V1GraphData, V1GridData, V1Log, V1Task, V1TaskInstance, V1XComEntry } from '../../../contracts/airflowV1';
import type { DagQuery, DagSort, LogChunk, MarkRequest, Page, TaskInstance, WorkflowService } from '../../../contracts/workflow';
import { buildGraph } from '../../model/workflow/graph';
import { buildGrid } from '../../model/workflow/grid';
import { bindHandlers, workflowContext, type WorkflowContext, type WorkflowHandlers } from './workflowAdapter';
import { allPages, clearBody, isAbsent, markOptions, markWidens, PAGE_LIMIT, query, seg, tokenSaysEnded, WorkflowApiError } from './workflowHttp';
import { getLogPage, logDownloadUrl } from './workflowLogPages';
import { logTextFromV1 } from './workflowV1.log';
import { affectedFromV1, clearPicks, markPicks, STATE_LOOKUP_RUNS, type V1TaskInstanceReference } from './workflowV1.affected';
import * as map from './workflowV1.map';

/**
 * The workflow service against Airflow 2's stable REST API v1 (`<base>/v1/...`, the spec's
 * `servers: /api/v1`) and the webserver's grid_data / graph_data views at `<base>/grid_data`,
 * where the console's own server answers them; a real Airflow 2 has them elsewhere, so on 404/405
 * the views are built from tasks, runs and task instances instead.
 */

const V1_ORDER: Record<DagSort, string | undefined> = {
  dag_id: 'dag_id',
  '-dag_id': '-dag_id',
  next_dagrun: 'next_dagrun',
  '-next_dagrun': '-next_dagrun',
  // v1 cannot sort by the last run: the upstream's default order is kept.
  last_run: undefined,
  '-last_run': undefined,
};

export interface WorkflowV1Options {
  /**
   * The upstream is the console's own server, which also filters by owners and last run state
   * and sorts by last run (as Airflow 3 does); a real Airflow 2 cannot.
   */
  consoleFilters?: boolean;
}

interface V1Context extends WorkflowContext {
  readonly consoleFilters: boolean;
}

type Handlers = WorkflowHandlers<V1Context>;

export function createWorkflowV1(http: AxiosInstance, { consoleFilters = false }: WorkflowV1Options = {}): WorkflowService {
  return bindHandlers('v1', { ...workflowContext(http, '/v1'), consoleFilters }, v1Handlers);
}

/**
 * Airflow 2.10 answers /details of a DAG deleted from its database (its file still there) with a
 * 500 page; its plain entry then tells "not found" apart from a real failure.
 */
const getDag: Handlers['getDag'] = async ({ get, dag }, dagId) => {
  try {
    return map.dagDetailFromV1(await get<V1DagDetail>(`${dag(dagId)}/details`));
  } catch (error) {
    if (!(error instanceof WorkflowApiError) || error.status < 500) throw error;
    await get<V1Dag>(dag(dagId));
    throw error;
  }
};

const listDags: Handlers['listDags'] = async ({ get, http, consoleFilters }, q) => {
  const params = { order_by: q.orderBy && V1_ORDER[q.orderBy], tags: q.tags, paused: q.paused, dag_id_pattern: q.search || undefined };
  if (consoleFilters) {
    const extended = { ...params, order_by: q.orderBy, owners: q.owners, last_dag_run_state: q.lastRunState ? [q.lastRunState] : undefined };
    const body = await get<{ dags: V1Dag[]; total_entries: number }>('/v1/dags', query({ ...extended, limit: q.limit, offset: q.offset }));
    return { items: body.dags.map(map.dagFromV1), total: body.total_entries };
  }
  if (q.lastRunState) throw new WorkflowApiError(400, 'Airflow 2 cannot filter DAGs by the state of their last run.', null);
  // v1 has no owners filter: the owners' DAGs are picked from all pages, then paged here.
  if (q.owners?.length) return ownersPage(await allPages<V1Dag>(http, '/v1/dags', 'dags', params), q);
  const body = await get<{ dags: V1Dag[]; total_entries: number }>('/v1/dags', query({ ...params, limit: q.limit, offset: q.offset }));
  return { items: body.dags.map(map.dagFromV1), total: body.total_entries };
};

function ownersPage(dags: V1Dag[], q: DagQuery): Page<ReturnType<typeof map.dagFromV1>> {
  const wanted = new Set(q.owners);
  const mine = dags.map(map.dagFromV1).filter((d) => d.owners.some((owner) => wanted.has(owner)));
  return { items: mine.slice(q.offset, q.offset + q.limit), total: mine.length };
}

const listTasks: Handlers['listTasks'] = async ({ get, dag }, dagId) => (await get<{ tasks: V1Task[] }>(`${dag(dagId)}/tasks`)).tasks.map(map.taskFromV1);

const listTaskInstances: Handlers['listTaskInstances'] = async ({ http, run }, dagId, runId) =>
  (await allPages<V1TaskInstance>(http, `${run(dagId, runId)}/taskInstances`, 'task_instances')).map(map.taskInstanceFromV1);

const listRuns: Handlers['listRuns'] = async ({ get, dag }, dagId, q) => {
  const params = query({ limit: q.limit, offset: q.offset, order_by: q.orderBy === 'run_after' ? 'execution_date' : '-execution_date', state: q.state });
  const body = await get<{ dag_runs: V1DagRun[]; total_entries: number }>(`${dag(dagId)}/dagRuns`, params);
  return { items: body.dag_runs.map(map.runFromV1), total: body.total_entries };
};

const triggerRun: Handlers['triggerRun'] = async ({ http, dag }, dagId, request) => {
  // A null logical date is left out: Airflow 2 then takes now.
  const body: Record<string, unknown> = { conf: request.conf };
  if (request.logicalDate !== null) body.logical_date = request.logicalDate;
  if (request.note) body.note = request.note;
  return map.runFromV1((await http.post<V1DagRun>(`${dag(dagId)}/dagRuns`, body)).data);
};

const listTries: Handlers['listTries'] = async ({ http, tiAt }, dagId, runId, taskId, mapIndex) => {
  const tries = await allPages<V1TaskInstance>(http, `${tiAt(dagId, runId, taskId, mapIndex)}/tries`, 'task_instances');
  return tries.map(map.taskInstanceFromV1).sort((a, b) => a.tryNumber - b.tryNumber);
};

/** The references with states: the references say none, the runs' instances do (for a few runs; more list the ids only). */
async function withStates(ctx: V1Context, dagId: string, references: V1TaskInstanceReference[], picks: (ti: TaskInstance) => boolean) {
  const runIds = [...new Set(references.map((ref) => ref.dag_run_id))];
  const lookups = runIds.length <= STATE_LOOKUP_RUNS ? runIds : [];
  const instances = await Promise.all(lookups.map(async (runId) => [runId, await listTaskInstances(ctx, dagId, runId)] as const));
  return affectedFromV1(references, new Map(instances), picks);
}

const previewClear: Handlers['previewClear'] = async (ctx, dagId, request) => {
  const body = (await ctx.http.post<{ task_instances: V1TaskInstanceReference[] }>(`${ctx.dag(dagId)}/clearTaskInstances`, clearBody(request, true))).data;
  return withStates(ctx, dagId, body.task_instances, clearPicks(request));
};

/**
 * Airflow 2 marks with options through updateTaskInstancesState, which knows no map index (it answers
 * 404 for a mapped task); a mapped task's one instance goes through its own PATCH, without options.
 */
async function mark(ctx: V1Context, dagId: string, request: MarkRequest, dryRun: boolean): Promise<V1TaskInstanceReference[]> {
  if (request.mapIndex >= 0) {
    if (markWidens(request)) throw new WorkflowApiError(400, 'Airflow 2 marks one instance of a mapped task at a time: its API has no Upstream / Downstream / Past / Future for it.', null);
    const url = ctx.tiAt(dagId, request.runId, request.taskId, request.mapIndex);
    return [(await ctx.http.patch<V1TaskInstanceReference>(url, { dry_run: dryRun, new_state: request.state })).data];
  }
  const body = { dry_run: dryRun, task_id: request.taskId, dag_run_id: request.runId, new_state: request.state, ...markOptions(request) };
  return (await ctx.http.post<{ task_instances: V1TaskInstanceReference[] }>(`${ctx.dag(dagId)}/updateTaskInstancesState`, body)).data.task_instances;
}

const previewMark: Handlers['previewMark'] = async (ctx, dagId, request) => {
  const references = await mark(ctx, dagId, request, true);
  const affected = await withStates(ctx, dagId, references, markPicks(request));
  // The one mapped instance is the one asked for, whatever else the run holds.
  return request.mapIndex >= 0 ? affected.map((ti) => ({ ...ti, mapIndex: request.mapIndex })) : affected;
};

const getLog: Handlers['getLog'] = (ctx, dagId, runId, taskId, mapIndex, tryNumber, token) =>
  readLog(ctx, `${ctx.ti(dagId, runId, taskId)}/logs/${tryNumber}`, mapIndex, token);

async function readLog({ http }: V1Context, url: string, mapIndex: number, token: string | null): Promise<LogChunk> {
  const params = query({ full_content: false, map_index: mapIndex, token: token ?? undefined });
  const body = (await http.get<V1Log>(url, { params, headers: { Accept: 'application/json' } })).data;
  const next = body.continuation_token || null;
  return { content: logTextFromV1(body.content ?? ''), token: next, endOfLog: tokenSaysEnded(next) };
}

const dagStats: Handlers['dagStats'] = async ({ get }, dagIds) => {
  // dag_ids is required in v1: no ids, no call.
  if (dagIds.length === 0) return [];
  const body = await get<V1DagStats>('/v1/dagStats', query({ dag_ids: dagIds.join(',') }));
  return body.dags.map((d) => ({ dagId: d.dag_id, counts: Object.fromEntries(d.stats.map((s) => [s.state, s.count])) }));
};

const grid: Handlers['grid'] = async (ctx, dagId, { numRuns, baseDate }) => {
  try {
    return map.gridFromV1(dagId, await ctx.get<V1GridData>('/grid_data', query({ dag_id: dagId, num_runs: numRuns, base_date: baseDate ?? undefined })));
  } catch (error) {
    if (!isAbsent(error)) throw error;
  }
  const [tasks, runs] = await Promise.all([
    listTasks(ctx, dagId),
    ctx.get<{ dag_runs: V1DagRun[] }>(`${ctx.dag(dagId)}/dagRuns`, query({ limit: Math.min(numRuns, PAGE_LIMIT), order_by: '-execution_date', execution_date_lte: baseDate ?? undefined })),
  ]);
  const dagRuns = runs.dag_runs.map(map.runFromV1);
  return buildGrid(tasks, dagRuns, await instancesOfRuns(ctx, dagId, dagRuns.map((r) => r.runId)));
};

/**
 * The task instances of several runs by the batch call (Airflow 2.7.1+'s dag_run_ids filter), page
 * by page: it answers at most page_limit (100 by default and at most) of them at a time.
 */
async function instancesOfRuns({ http }: V1Context, dagId: string, runIds: string[]) {
  const instances: V1TaskInstance[] = [];
  while (runIds.length > 0) {
    const request = { dag_ids: [dagId], dag_run_ids: runIds, page_offset: instances.length, page_limit: PAGE_LIMIT };
    const page = (await http.post<{ task_instances: V1TaskInstance[]; total_entries: number }>('/v1/dags/~/dagRuns/~/taskInstances/list', request)).data;
    instances.push(...page.task_instances);
    if (page.task_instances.length === 0 || instances.length >= page.total_entries) break;
  }
  return instances.map(map.taskInstanceFromV1);
}

const graph: Handlers['graph'] = async (ctx, dagId) => {
  try {
    return map.graphFromV1(await ctx.get<V1GraphData>('/graph_data', query({ dag_id: dagId })));
  } catch (error) {
    if (!isAbsent(error)) throw error;
  }
  return buildGraph(await listTasks(ctx, dagId));
};

const v1Handlers: Handlers = {
  listDags,
  getDag,
  setPaused: async ({ http, dag }, dagId, paused) =>
    map.dagFromV1((await http.patch<V1Dag>(dag(dagId), { is_paused: paused }, { params: query({ update_mask: ['is_paused'] }) })).data),
  listTasks,
  listRuns,
  getRun: async ({ get, run }, dagId, runId) => map.runFromV1(await get<V1DagRun>(run(dagId, runId))),
  triggerRun,
  setRunState: async ({ http, run }, dagId, runId, state) => map.runFromV1((await http.patch<V1DagRun>(run(dagId, runId), { state })).data),
  listTaskInstances,
  listTries,
  async setTaskState(ctx, dagId, request) {
    await mark(ctx, dagId, request, false);
  },
  previewMark,
  async clearTasks({ http, dag }, dagId, request) {
    await http.post(`${dag(dagId)}/clearTaskInstances`, clearBody(request));
  },
  previewClear,
  listXComs: async ({ http, ti }, dagId, runId, taskId, mapIndex) =>
    (await allPages<V1XComEntry>(http, `${ti(dagId, runId, taskId)}/xcomEntries`, 'xcom_entries', { map_index: mapIndex })).map(map.xcomFromV1),
  getXCom: async ({ get, ti }, dagId, runId, taskId, mapIndex, key) =>
    map.xcomFromV1(await get<V1XComEntry>(`${ti(dagId, runId, taskId)}/xcomEntries/${seg(key)}`, query({ map_index: mapIndex }))),
  getLog,
  getLogPage,
  logDownloadUrl,
  async getSource({ http }, target) {
    const body = (await http.get<{ content?: string }>(`/v1/dagSources/${seg(target.sourceKey)}`, { headers: { Accept: 'application/json' } })).data;
    return body.content ?? '';
  },
  async listEventLogs({ get }, dagId, page) {
    const body = await get<{ event_logs: V1EventLog[]; total_entries: number }>('/v1/eventLogs', query({ dag_id: dagId, limit: page.limit, offset: page.offset, order_by: '-when' }));
    return { items: body.event_logs.map(map.eventFromV1), total: body.total_entries };
  },
  dagStats,
  grid,
  graph,
};
