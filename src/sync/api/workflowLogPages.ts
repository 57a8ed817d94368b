import type { LogPage } from '../../../contracts/workflow';
import { query } from './workflowHttp';
import type { WorkflowContext } from './workflowAdapter';

/**
 * The console server's pages of a finished try's log, beside the upstream's log read
 * (`<log>/lines`, `<log>/download`): the same for the embedded demo, Airflow 2 and Airflow 3.
 */
const logPath = ({ ti }: WorkflowContext, dagId: string, runId: string, taskId: string, tryNumber: number) => `${ti(dagId, runId, taskId)}/logs/${tryNumber}`;

export async function getLogPage(ctx: WorkflowContext, dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number, cursor: number, limit: number): Promise<LogPage> {
  return ctx.get<LogPage>(`${logPath(ctx, dagId, runId, taskId, tryNumber)}/lines`, query({ map_index: mapIndex, cursor, limit }));
}

export function logDownloadUrl(ctx: WorkflowContext, dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number): string {
  const base = (ctx.http.defaults.baseURL ?? '').replace(/\/$/, '');
  return `${base}${logPath(ctx, dagId, runId, taskId, tryNumber)}/download?${query({ map_index: mapIndex }).toString()}`;
}
