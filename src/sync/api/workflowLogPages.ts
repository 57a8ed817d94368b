import { isAxiosError } from 'axios';
import { STILL_OPENING_LOG, type LogPage } from '../../../contracts/workflow';
import { retryAfterMs } from './http';
import { query } from './workflowHttp';
import type { WorkflowContext } from './workflowAdapter';

/**
 * The console server's pages of a finished try's log, beside the upstream's log read
 * (`<log>/lines`, `<log>/download`): the same for the embedded demo, Airflow 2 and Airflow 3.
 */
const logPath = ({ ti }: WorkflowContext, dagId: string, runId: string, taskId: string, tryNumber: number) => `${ti(dagId, runId, taskId)}/logs/${tryNumber}`;

/** How long a page is waited for while Airflow prepares a long log's stream (it answers 504 "still reading" meanwhile). */
const OPENING_LIMIT_MS = 6 * 60_000;

export async function getLogPage(ctx: WorkflowContext, dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number, cursor: number, limit: number): Promise<LogPage> {
  const url = `${logPath(ctx, dagId, runId, taskId, tryNumber)}/lines`;
  const params = query({ map_index: mapIndex, cursor, limit });
  const giveUp = Date.now() + OPENING_LIMIT_MS;
  for (;;) {
    try {
      return await ctx.get<LogPage>(url, params);
    } catch (error) {
      const wait = stillOpening(error) ? retryAfterMs(error, Date.now()) : null;
      if (wait === null || Date.now() + wait > giveUp) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The console server's 504 while Airflow has not begun the log's stream yet (its call goes on). */
function stillOpening(error: unknown): boolean {
  const detail: unknown = isAxiosError(error) && error.response?.status === 504 ? (error.response.data as { detail?: unknown } | undefined)?.detail : undefined;
  return typeof detail === 'string' && detail.startsWith(STILL_OPENING_LOG);
}

export function logDownloadUrl(ctx: WorkflowContext, dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number): string {
  const base = (ctx.http.defaults.baseURL ?? '').replace(/\/$/, '');
  return `${base}${logPath(ctx, dagId, runId, taskId, tryNumber)}/download?${query({ map_index: mapIndex }).toString()}`;
}
