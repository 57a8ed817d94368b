import type { AxiosInstance } from 'axios';
import type { V2Dag, V2DagDetail, V2DagRun, V2EventLog, V2Log, V2StructureData, V2Task, V2TaskInstance, V2XCom } from '../../../contracts/airflowV2';
import type { DagSort, LogChunk, WorkflowService } from '../../../contracts/workflow';
import { buildGraph } from '../../model/workflow/graph';
import { bindHandlers, workflowContext, type WorkflowHandlers } from './workflowAdapter';
import { gridV2, releaseOnce, type V2Context } from './workflowV2.grid';
import { allPages, clearBody, isAbsent, markOptions, query, seg, tokenSaysEnded } from './workflowHttp';
import { getLogPage, logDownloadUrl } from './workflowLogPages';
import * as map from './workflowV2.map';

/**
 * The workflow service against Airflow 3's REST API v2. Its paths are absolute (/api/v2/...), so
 * the instance's base URL is the Airflow server's root (or the proxy prefix in front of it). The
 * grid comes from the React UI's /ui/grid calls where the server has them, else it is built from
 * the public calls, as for v1.
 */

export interface WorkflowV2Options {
  /** The JWT for `Authorization: Bearer` (from the auth manager's POST /auth/token); none sends no header. */
  bearerToken?: () => string | null | Promise<string | null>;
}

const V2_ORDER: Record<DagSort, string> = {
  dag_id: 'dag_id',
  '-dag_id': '-dag_id',
  next_dagrun: 'next_dagrun',
  '-next_dagrun': '-next_dagrun',
  last_run: 'last_run_start_date',
  '-last_run': '-last_run_start_date',
};

const API = '/api/v2';

type Handlers = WorkflowHandlers<V2Context>;

export function createWorkflowV2(http: AxiosInstance, { bearerToken }: WorkflowV2Options = {}): WorkflowService {
  const base = workflowContext(http, API);
  const ctx: V2Context = { ...base, release: releaseOnce(base) };
  if (bearerToken) {
    http.interceptors.request.use(async (config) => {
      const token = await bearerToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
  }
  return bindHandlers('v2', ctx, v2Handlers);
}

const listDags: Handlers['listDags'] = async ({ get }, q) => {
  const params = query({
    limit: q.limit,
    offset: q.offset,
    order_by: q.orderBy ? [V2_ORDER[q.orderBy]] : undefined,
    dag_id_pattern: q.search || undefined,
    tags: q.tags,
    owners: q.owners,
    paused: q.paused,
    last_dag_run_state: q.lastRunState,
  });
  const body = await get<{ dags: V2Dag[]; total_entries: number }>(`${API}/dags`, params);
  return { items: body.dags.map(map.dagFromV2), total: body.total_entries };
};

const listTasks: Handlers['listTasks'] = async ({ get, dag }, dagId) => (await get<{ tasks: V2Task[] }>(`${dag(dagId)}/tasks`)).tasks.map(map.taskFromV2);

const listRuns: Handlers['listRuns'] = async ({ get, dag }, dagId, q) => {
  const params = query({ limit: q.limit, offset: q.offset, order_by: [q.orderBy ?? '-run_after'], state: q.state });
  const body = await get<{ dag_runs: V2DagRun[]; total_entries: number }>(`${dag(dagId)}/dagRuns`, params);
  return { items: body.dag_runs.map(map.runFromV2), total: body.total_entries };
};

const triggerRun: Handlers['triggerRun'] = async ({ http, dag }, dagId, request) => {
  // logical_date is a required key in v2, null included; any key outside the body's schema gets 422.
  const body: Record<string, unknown> = { logical_date: request.logicalDate, conf: request.conf };
  if (request.note) body.note = request.note;
  return map.runFromV2((await http.post<V2DagRun>(`${dag(dagId)}/dagRuns`, body)).data);
};

const listTries: Handlers['listTries'] = async ({ get, tiAt }, dagId, runId, taskId, mapIndex) => {
  const body = await get<{ task_instances: V2TaskInstance[] }>(`${tiAt(dagId, runId, taskId, mapIndex)}/tries`);
  return body.task_instances.map(map.taskInstanceFromV2).sort((a, b) => a.tryNumber - b.tryNumber);
};

const previewClear: Handlers['previewClear'] = async ({ http, dag }, dagId, request) => {
  const body = (await http.post<{ task_instances: V2TaskInstance[] }>(`${dag(dagId)}/clearTaskInstances`, clearBody(request, true))).data;
  return body.task_instances.map(map.affectedFromV2);
};

const getLog: Handlers['getLog'] = (ctx, dagId, runId, taskId, mapIndex, tryNumber, token) =>
  readLog(ctx, `${ctx.ti(dagId, runId, taskId)}/logs/${tryNumber}`, mapIndex, token);

async function readLog({ http }: V2Context, url: string, mapIndex: number, token: string | null): Promise<LogChunk> {
  const params = query({ full_content: false, map_index: mapIndex, token: token ?? undefined });
  const body = (await http.get<V2Log>(url, { params, headers: { Accept: 'application/json' } })).data;
  // Airflow 3 gives a token only while the log may grow (log.py: none once end_of_log): no token is the end.
  const next = body.continuation_token || null;
  return { content: map.logText(body.content ?? []), token: next, endOfLog: next === null || tokenSaysEnded(next) };
}

const dagStats: Handlers['dagStats'] = async ({ get }, dagIds) => {
  if (dagIds.length === 0) return [];
  const body = await get<{ dags: { dag_id: string; stats: { state: 'queued' | 'running' | 'success' | 'failed'; count: number }[] }[] }>(`${API}/dagStats`, query({ dag_ids: dagIds }));
  return body.dags.map((d) => ({ dagId: d.dag_id, counts: Object.fromEntries(d.stats.map((s) => [s.state, s.count])) }));
};

const grid: Handlers['grid'] = (ctx, dagId, { numRuns, baseDate }) => gridV2(ctx, dagId, numRuns, baseDate);

const graph: Handlers['graph'] = async (ctx, dagId) => {
  try {
    return map.graphFromV2(await ctx.get<V2StructureData>('/ui/structure/structure_data', query({ dag_id: dagId })));
  } catch (error) {
    if (!isAbsent(error)) throw error;
  }
  return buildGraph(await listTasks(ctx, dagId));
};

const v2Handlers: Handlers = {
  listDags,
  getDag: async ({ get, dag }, dagId) => map.dagDetailFromV2(await get<V2DagDetail>(`${dag(dagId)}/details`)),
  setPaused: async ({ http, dag }, dagId, paused) => map.dagFromV2((await http.patch<V2Dag>(dag(dagId), { is_paused: paused })).data),
  listTasks,
  listRuns,
  getRun: async ({ get, run }, dagId, runId) => map.runFromV2(await get<V2DagRun>(run(dagId, runId))),
  triggerRun,
  setRunState: async ({ http, run }, dagId, runId, state) => map.runFromV2((await http.patch<V2DagRun>(run(dagId, runId), { state })).data),
  listTaskInstances: async ({ http, run }, dagId, runId) =>
    (await allPages<V2TaskInstance>(http, `${run(dagId, runId)}/taskInstances`, 'task_instances')).map(map.taskInstanceFromV2),
  listTries,
  async setTaskState({ http, tiAt }, dagId, request) {
    await http.patch(tiAt(dagId, request.runId, request.taskId, request.mapIndex), { new_state: request.state, ...markOptions(request) });
  },
  async previewMark({ http, tiAt }, dagId, request) {
    const url = `${tiAt(dagId, request.runId, request.taskId, request.mapIndex)}/dry_run`;
    const body = (await http.patch<{ task_instances: V2TaskInstance[] }>(url, { new_state: request.state, ...markOptions(request) })).data;
    return body.task_instances.map(map.affectedFromV2);
  },
  async clearTasks({ http, dag }, dagId, request) {
    await http.post(`${dag(dagId)}/clearTaskInstances`, clearBody(request));
  },
  previewClear,
  listXComs: async ({ http, ti }, dagId, runId, taskId, mapIndex) =>
    (await allPages<V2XCom>(http, `${ti(dagId, runId, taskId)}/xcomEntries`, 'xcom_entries', { map_index: mapIndex })).map(map.xcomFromV2),
  getXCom: async ({ get, ti }, dagId, runId, taskId, mapIndex, key) =>
    map.xcomFromV2(await get<V2XCom>(`${ti(dagId, runId, taskId)}/xcomEntries/${seg(key)}`, query({ map_index: mapIndex, stringify: true }))),
  getLog,
  getLogPage,
  logDownloadUrl,
  async getSource({ http }, target) {
    const body = (await http.get<{ content: string | null }>(`${API}/dagSources/${seg(target.id)}`, { headers: { Accept: 'application/json' } })).data;
    return body.content ?? '';
  },
  async listEventLogs({ get }, dagId, page) {
    const body = await get<{ event_logs: V2EventLog[]; total_entries: number }>(`${API}/eventLogs`, query({ dag_id: dagId, limit: page.limit, offset: page.offset, order_by: ['-when'] }));
    return { items: body.event_logs.map(map.eventFromV2), total: body.total_entries };
  },
  dagStats,
  grid,
  graph,
};
