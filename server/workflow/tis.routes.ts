import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LogReader, tryFacts } from './logs';
import { logAttachment } from './logpaging/attachment';
import { pageLines, parsePageQuery } from './logpaging/pageLines';
import { presentTi, presentXcom } from './present';
import { notFound } from './problem';
import { PAGE_PROPERTIES, STRINGS, pageOf, type Page } from './query';
import type { WorkflowContext } from './context';
import type { TiRow } from './rows';
import type { WorkflowStore } from './store';

type RunParams = { dag_id: string; dag_run_id: string };
type TiParams = RunParams & { task_id: string };

const listQuery = { type: 'object', properties: { ...PAGE_PROPERTIES, state: STRINGS } } as const;
const mapIndexQuery = { type: 'object', properties: { map_index: { type: 'integer', minimum: -1, default: -1 } } } as const;
const mapIndexParams = { type: 'object', properties: { map_index: { type: 'integer', minimum: -1 } } } as const;
// cursor and limit stay strings: parsePageQuery answers a clear 400 for a bad one.
const linesQuery = { type: 'object', properties: { ...mapIndexQuery.properties, cursor: { type: 'string' }, limit: { type: 'string' } } } as const;
const tryParams = { type: 'object', properties: { task_try_number: { type: 'integer', minimum: 0 } } } as const;
const logQuery = {
  type: 'object',
  properties: { full_content: { type: 'boolean', default: false }, map_index: { type: 'integer', minimum: -1, default: -1 }, token: { type: 'string', maxLength: 2000 } },
} as const;

const xcomListQuery = { type: 'object', properties: { ...PAGE_PROPERTIES, map_index: { type: 'integer', minimum: -1 } } } as const;

/** Finding a run, a task and a task instance, each a 404 when unknown. */
function lookups(store: WorkflowStore) {
  /** The run (404 for an unknown DAG or run) and what the routes need with it. */
  const runOf = async (params: RunParams) => {
    const dag = await store.dag(params.dag_id);
    return { spec: dag.spec, run: await store.run(params.dag_id, params.dag_run_id) };
  };
  const taskOf = (spec: Awaited<ReturnType<typeof runOf>>['spec'], taskId: string) => {
    const task = spec.tasks.find((candidate) => candidate.task_id === taskId);
    if (!task) throw notFound('Task not found', `Task with id '${taskId}' not found in DAG '${spec.dag_id}'`);
    return task;
  };
  const one = async (params: TiParams, mapIndex: number) => {
    const { spec, run } = await runOf(params);
    const task = taskOf(spec, params.task_id);
    return { spec, run, task, ti: await store.ti(params.dag_id, params.dag_run_id, params.task_id, mapIndex) };
  };
  return { runOf, taskOf, one };
}

/** What the task instance handlers share. */
interface TiDeps {
  store: WorkflowStore;
  find: ReturnType<typeof lookups>;
  logs: LogReader;
}

/** Task instances of a run, their tries, XComs and logs. */
export function taskInstanceRoutes(context: WorkflowContext): FastifyPluginAsync {
  const deps: TiDeps = { store: context.store, find: lookups(context.store), logs: new LogReader(context.store) };
  return async (app) => {
    const base = '/v1/dags/:dag_id/dagRuns/:dag_run_id/taskInstances';
    app.get(base, { schema: { querystring: listQuery } }, listTis(deps));
    app.get(`${base}/:task_id`, readTi(deps));
    app.get(`${base}/:task_id/:map_index`, { schema: { params: mapIndexParams } }, readMappedTi(deps));
    app.get(`${base}/:task_id/listMapped`, listMapped(deps));
    app.get(`${base}/:task_id/tries`, { schema: { querystring: mapIndexQuery } }, async (request: FastifyRequest<{ Params: TiParams; Querystring: { map_index: number } }>) =>
      triesOf(deps, request.params, request.query.map_index),
    );
    app.get(`${base}/:task_id/:map_index/tries`, { schema: { params: mapIndexParams } }, async (request: FastifyRequest<{ Params: TiParams & { map_index: number } }>) =>
      triesOf(deps, request.params, request.params.map_index),
    );
    app.get(`${base}/:task_id/tries/:task_try_number`, { schema: { params: tryParams, querystring: mapIndexQuery } }, readTry(deps));
    app.get(`${base}/:task_id/xcomEntries`, { schema: { querystring: xcomListQuery } }, listXcoms(deps));
    app.get(`${base}/:task_id/xcomEntries/:xcom_key`, { schema: { querystring: mapIndexQuery } }, readXcom(deps));
    app.get(`${base}/:task_id/logs/:task_try_number`, { schema: { params: tryParams, querystring: logQuery } }, readLog(deps));
    app.get(`${base}/:task_id/logs/:task_try_number/lines`, { schema: { params: tryParams, querystring: linesQuery } }, readLogLines(deps));
    app.get(`${base}/:task_id/logs/:task_try_number/download`, { schema: { params: tryParams, querystring: mapIndexQuery } }, downloadLog(deps));
  };
}

function listTis({ store, find }: TiDeps) {
  return async (request: FastifyRequest<{ Params: RunParams; Querystring: Page & { state?: string[] } }>) => {
    const { spec, run } = await find.runOf(request.params);
    const states = request.query.state;
    const all = (await store.tis(run.dag_id, run.run_id)).filter((ti) => !states?.length || states.includes(ti.state ?? 'none'));
    const { limit, offset } = pageOf(request.query);
    const byId = new Map(spec.tasks.map((task) => [task.task_id, task]));
    return { task_instances: all.slice(offset, offset + limit).map((ti) => presentTi(ti, run, byId.get(ti.task_id))), total_entries: all.length };
  };
}

function readTi({ find }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams }>) => {
    const { run, task, ti } = await find.one(request.params, -1).catch(async (error: unknown) => {
      const { spec } = await find.runOf(request.params);
      if (find.taskOf(spec, request.params.task_id).mapped !== null) throw notFound('Task instance not found', 'Task instance is mapped, add the map_index value to the URL');
      throw error;
    });
    return presentTi(ti, run, task);
  };
}

function readMappedTi({ find }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams & { map_index: number } }>) => {
    const { run, task, ti } = await find.one(request.params, request.params.map_index);
    return presentTi(ti, run, task);
  };
}

function listMapped({ store, find }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams }>) => {
    const { spec, run } = await find.runOf(request.params);
    const task = find.taskOf(spec, request.params.task_id);
    const tis = (await store.tis(run.dag_id, run.run_id)).filter((ti) => ti.task_id === task.task_id && ti.map_index >= 0);
    return { task_instances: tis.map((ti) => presentTi(ti, run, task)), total_entries: tis.length };
  };
}

async function triesOf({ store, find }: TiDeps, params: TiParams, mapIndex: number) {
  const { run, task, ti } = await find.one(params, mapIndex);
  const earlier = await store.tries(ti.dag_id, ti.run_id, ti.task_id, ti.map_index);
  const all = [...earlier.filter((row) => row.try_number < ti.try_number), ...(ti.try_number > 0 ? [ti] : [])];
  return { task_instances: all.map((row) => presentTi(row, run, task)), total_entries: all.length };
}

function readTry({ store, find }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams & { task_try_number: number }; Querystring: { map_index: number } }>) => {
    const { run, task, ti } = await find.one(request.params, request.query.map_index);
    const attempt = await tryFacts(store, ti, request.params.task_try_number);
    return presentTi(attempt as TiRow, run, task);
  };
}

function listXcoms({ store, find }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams; Querystring: Page & { map_index?: number } }>) => {
    const { run, spec } = await find.runOf(request.params);
    find.taskOf(spec, request.params.task_id);
    const rows = await store.xcoms(run.dag_id, run.run_id, request.params.task_id, request.query.map_index ?? null);
    const { limit, offset } = pageOf(request.query);
    return { xcom_entries: rows.slice(offset, offset + limit).map((row) => presentXcom(row, run, false)), total_entries: rows.length };
  };
}

function readXcom({ store, find }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams & { xcom_key: string }; Querystring: { map_index: number } }>) => {
    const { run, spec } = await find.runOf(request.params);
    find.taskOf(spec, request.params.task_id);
    const row = (await store.xcoms(run.dag_id, run.run_id, request.params.task_id, request.query.map_index)).find((entry) => entry.key === request.params.xcom_key);
    if (!row) throw notFound('XCom entry not found', `XCom entry '${request.params.xcom_key}' not found`);
    return presentXcom(row, run, true);
  };
}

function readLog({ find, logs }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams & { task_try_number: number }; Querystring: { full_content: boolean; map_index: number; token?: string } }>, reply: FastifyReply) => {
    const { spec, run, ti } = await find.one(request.params, request.query.map_index);
    const page = await logs.page(spec, run, ti, request.params.task_try_number, request.query.token, request.query.full_content);
    return answerLog(request, reply, page);
  };
}

/** A page of lines from a line cursor (?cursor=&limit=): the console's one way to page a finished try's log. */
function readLogLines({ find, logs }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams & { task_try_number: number }; Querystring: { map_index: number; cursor?: string; limit?: string } }>, reply: FastifyReply) => {
    const asked = parsePageQuery(request.query);
    const { spec, run, ti } = await find.one(request.params, request.query.map_index);
    // The demo's log is already in memory (generated or stored); a real Airflow's is streamed.
    const { content } = await logs.page(spec, run, ti, request.params.task_try_number, undefined, true);
    reply.header('cache-control', 'no-store');
    return pageLines(new Blob([content]).stream(), asked);
  };
}

/** The whole log as a file: the browser saves it as it comes, the page never holds it. */
function downloadLog({ find, logs }: TiDeps) {
  return async (request: FastifyRequest<{ Params: TiParams & { task_try_number: number }; Querystring: { map_index: number } }>, reply: FastifyReply) => {
    const { params } = request;
    const { spec, run, ti } = await find.one(params, request.query.map_index);
    const { content } = await logs.page(spec, run, ti, params.task_try_number, undefined, true);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', logAttachment(params.dag_id, params.dag_run_id, params.task_id, request.query.map_index, params.task_try_number))
      .send(content);
  };
}

function answerLog(request: FastifyRequest, reply: FastifyReply, page: { content: string; continuation_token: string }) {
  reply.header('cache-control', 'no-store');
  if (wantsText(request)) return reply.type('text/plain; charset=utf-8').header('x-continuation-token', page.continuation_token).send(page.content);
  return { content: page.content, continuation_token: page.continuation_token };
}

/** text/plain when the client asks for it (rather than JSON). */
export function wantsText(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /text\/plain|plain\/text/.test(accept) && !accept.includes('application/json');
}
