import type { AxiosInstance } from 'axios';
import type { WorkflowService } from '../../../contracts/workflow';
import { seg, withWorkflowErrors } from './workflowHttp';

/**
 * The shape both workflow adapters share: one context (the axios instance, a typed GET and the
 * upstream's resource paths under its API root) and a map of named handlers, one per service call,
 * bound to that context. Each adapter is its own map; what differs between Airflow 2 and 3 stays in it.
 */

export interface WorkflowContext {
  readonly http: AxiosInstance;
  get<T>(url: string, params?: URLSearchParams): Promise<T>;
  /** The API root: '/v1' (Airflow 2) or '/api/v2' (Airflow 3). */
  readonly api: string;
  dag(dagId: string): string;
  run(dagId: string, runId: string): string;
  ti(dagId: string, runId: string, taskId: string): string;
  /** One task instance by map index: a mapped one's own path (`…/{task_id}/{map_index}`), else the task's. */
  tiAt(dagId: string, runId: string, taskId: string, mapIndex: number): string;
}

export function workflowContext(http: AxiosInstance, api: string): WorkflowContext {
  withWorkflowErrors(http);
  const dag = (dagId: string) => `${api}/dags/${seg(dagId)}`;
  const run = (dagId: string, runId: string) => `${dag(dagId)}/dagRuns/${seg(runId)}`;
  const ti = (dagId: string, runId: string, taskId: string) => `${run(dagId, runId)}/taskInstances/${seg(taskId)}`;
  return {
    http,
    api,
    get: async <T>(url: string, params?: URLSearchParams) => (await http.get<T>(url, { params })).data,
    dag,
    run,
    ti,
    tiAt: (dagId, runId, taskId, mapIndex) => (mapIndex >= 0 ? `${ti(dagId, runId, taskId)}/${mapIndex}` : ti(dagId, runId, taskId)),
  };
}

type Calls = Omit<WorkflowService, 'version'>;

/** One handler per service call: the call's arguments after the adapter's context. */
export type WorkflowHandlers<C extends WorkflowContext> = {
  [K in keyof Calls]: (ctx: C, ...args: Parameters<Calls[K]>) => ReturnType<Calls[K]>;
};

export function bindHandlers<C extends WorkflowContext>(version: WorkflowService['version'], ctx: C, handlers: WorkflowHandlers<C>): WorkflowService {
  const bound = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [name, (...args: unknown[]) => (handler as (ctx: C, ...rest: unknown[]) => unknown)(ctx, ...args)]),
  );
  return { version, ...(bound as unknown as Calls) };
}
