import type { FastifyPluginAsync } from 'fastify';
import { presentEvent } from './present';
import { badRequest, notFound } from './problem';
import { DATE, PAGE_PROPERTIES, Where, commaList, orderBy, pageOf, type Page } from './query';
import type { WorkflowContext } from './context';
import type { EventRow } from './rows';
import { wantsText } from './tis.routes';

const RUN_STATES = ['queued', 'running', 'success', 'failed'] as const;

interface EventQuery extends Page {
  order_by?: string;
  dag_id?: string;
  task_id?: string;
  run_id?: string;
  map_index?: number;
  try_number?: number;
  event?: string;
  owner?: string;
  before?: string;
  after?: string;
  included_events?: string;
  excluded_events?: string;
}
const eventQuery = {
  type: 'object',
  properties: {
    ...PAGE_PROPERTIES,
    order_by: { type: 'string' },
    ...Object.fromEntries(['dag_id', 'task_id', 'run_id', 'event', 'owner', 'included_events', 'excluded_events'].map((name) => [name, { type: 'string' }])),
    map_index: { type: 'integer' },
    try_number: { type: 'integer' },
    before: DATE,
    after: DATE,
  },
} as const;
const EVENT_ORDER = { event_log_id: 'id', when: 'dttm', dag_id: 'dag_id', task_id: 'task_id', run_id: 'run_id', event: 'event', owner: 'owner', execution_date: 'logical_date', map_index: 'map_index', try_number: 'try_number' };

/** DAG statistics, DAG files and the event log. */
export function miscRoutes(context: WorkflowContext): FastifyPluginAsync {
  const { store } = context;
  return async (app) => {
    app.get<{ Querystring: { dag_ids: string } }>('/v1/dagStats', { schema: { querystring: { type: 'object', required: ['dag_ids'], properties: { dag_ids: { type: 'string' } } } } }, async (request) => {
      const ids = commaList(request.query.dag_ids);
      if (ids.length === 0) throw badRequest('dag_ids must name at least one DAG');
      const marks = ids.map((_, i) => `$${i + 1}`).join(', ');
      const counts = await store.db.all<{ dag_id: string; state: string; count: number }>(`SELECT dag_id, state, count(*) AS count FROM wf_dag_runs WHERE dag_id IN (${marks}) GROUP BY dag_id, state`, ids);
      const known = new Set((await store.dags()).map((dag) => dag.spec.dag_id));
      const dags = ids.filter((id) => known.has(id)).map((dag_id) => ({
        dag_id,
        stats: RUN_STATES.map((state) => ({ state, count: counts.find((row) => row.dag_id === dag_id && row.state === state)?.count ?? 0 })),
      }));
      return { dags, total_entries: dags.length };
    });

    app.get<{ Params: { file_token: string } }>('/v1/dagSources/:file_token', async (request, reply) => {
      const dag = (await store.dags()).find(({ spec }) => spec.file_token === request.params.file_token);
      if (!dag) throw notFound('Not Found', `Bad file token: '${request.params.file_token}' names no DAG file`);
      if (wantsText(request)) return reply.type('text/plain; charset=utf-8').send(dag.row.source);
      return { content: dag.row.source };
    });

    app.get<{ Querystring: EventQuery }>('/v1/eventLogs', { schema: { querystring: eventQuery } }, async (request) => {
      const query = request.query;
      const where = new Where();
      for (const name of ['dag_id', 'task_id', 'run_id', 'event', 'owner', 'map_index', 'try_number'] as const) {
        const value = query[name];
        if (value !== undefined) where.add((mark) => `${name} = ${mark(value)}`);
      }
      where.between('dttm', query.after, query.before);
      where.anyOf('event', commaList(query.included_events));
      const excluded = commaList(query.excluded_events);
      if (excluded.length) where.add((mark) => `event NOT IN (${excluded.map((event) => mark(event)).join(', ')})`);
      const order = orderBy(query.order_by, EVENT_ORDER, 'id ASC');
      const { limit, offset } = pageOf(query);
      const [{ total }] = await store.db.all<{ total: number }>(`SELECT count(*) AS total FROM wf_event_logs WHERE ${where.sql}`, where.params);
      const rows = await store.db.all<EventRow>(`SELECT * FROM wf_event_logs WHERE ${where.sql} ORDER BY ${order}, id LIMIT ${limit} OFFSET ${offset}`, where.params);
      return { event_logs: rows.map(presentEvent), total_entries: total };
    });

    app.get<{ Params: { event_log_id: number } }>('/v1/eventLogs/:event_log_id', { schema: { params: { type: 'object', properties: { event_log_id: { type: 'integer', minimum: 0 } } } } }, async (request) => {
      const [row] = await store.db.all<EventRow>('SELECT * FROM wf_event_logs WHERE id = $1', [request.params.event_log_id]);
      if (!row) throw notFound('Event Log not found', `Event Log with id: '${request.params.event_log_id}' not found`);
      return presentEvent(row);
    });
  };
}
