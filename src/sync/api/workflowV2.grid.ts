import type { V2DagRun, V2GridNode, V2GridRun, V2GridTISummaries, V2TaskInstance } from '../../../contracts/airflowV2';
import type { GridData } from '../../../contracts/workflow';
import { buildGrid } from '../../model/workflow/grid';
import type { WorkflowContext } from './workflowAdapter';
import { isAbsent, PAGE_LIMIT, query, seg, WorkflowApiError } from './workflowHttp';
import * as map from './workflowV2.map';

/**
 * Airflow 3's grid. From 3.2 the task summaries of all shown runs come in one NDJSON stream
 * (`/ui/grid/ti_summaries/{dag}?run_ids=…`, one line per run); 3.0 and 3.1 answer one call per run.
 * Only before 3.2, and only where the /ui calls are absent, is the grid built from public calls:
 * their batch call (POST …/taskInstances/list) writes an audit-log row on every call.
 */

/** The Airflow release answering, as [major, minor, patch], or null when it does not say. */
export type AirflowRelease = readonly number[] | null;

export interface V2Context extends WorkflowContext {
  /** Asked once per service (GET /api/v2/version) and kept; a failure is asked again next time. */
  release(): Promise<AirflowRelease>;
}

export function releaseOnce(ctx: WorkflowContext): () => Promise<AirflowRelease> {
  let asked: Promise<AirflowRelease> | null = null;
  return () => {
    asked ??= readRelease(ctx).catch((error: unknown) => {
      asked = null;
      throw error;
    });
    return asked;
  };
}

async function readRelease(ctx: WorkflowContext): Promise<AirflowRelease> {
  try {
    return parseRelease((await ctx.get<{ version?: unknown }>(`${ctx.api}/version`)).version);
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

/** "3.3.2", "3.2.0rc1", "3.1.0.dev0" → [3, 3, 2]…; anything else null. */
export function parseRelease(version: unknown): AirflowRelease {
  const found = typeof version === 'string' ? /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(version.trim()) : null;
  return found ? [Number(found[1]), Number(found[2]), Number(found[3] ?? 0)] : null;
}

/** True from 3.2 on, where the per-run ti_summaries call is gone and the NDJSON one serves. */
export function streamsSummaries(release: AirflowRelease): boolean {
  return release !== null && (release[0] > 3 || (release[0] === 3 && release[1] >= 2));
}

/** The NDJSON answer: one GridTISummaries object per line (runs without task instances have none). */
export function parseSummaryLines(text: string): V2GridTISummaries[] {
  return text.split('\n').filter((line) => line.trim() !== '').map((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new WorkflowApiError(200, `The workflow server's grid summaries are not JSON lines (line ${index + 1})`, text.slice(0, 500));
    }
    const summary = value as Partial<V2GridTISummaries> | null;
    if (typeof summary?.run_id !== 'string' || !Array.isArray(summary.task_instances)) {
      throw new WorkflowApiError(200, `The workflow server's grid summary on line ${index + 1} has no run_id or task_instances`, value);
    }
    return summary as V2GridTISummaries;
  });
}

async function streamedSummaries(ctx: WorkflowContext, dagId: string, runs: V2GridRun[]): Promise<V2GridTISummaries[]> {
  if (runs.length === 0) return [];
  const params = query({ run_ids: runs.map((run) => run.run_id) });
  const answer = await ctx.http.get<string>(`/ui/grid/ti_summaries/${seg(dagId)}`, { params, responseType: 'text', headers: { Accept: 'application/x-ndjson' } });
  return parseSummaryLines(typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data));
}

const perRunSummaries = (ctx: WorkflowContext, dagId: string, runs: V2GridRun[]) =>
  Promise.all(runs.map((run) => ctx.get<V2GridTISummaries>(`/ui/grid/ti_summaries/${seg(dagId)}/${seg(run.run_id)}`)));

export async function gridV2(ctx: V2Context, dagId: string, numRuns: number, baseDate: string | null | undefined): Promise<GridData> {
  const runFilter = query({ limit: numRuns, order_by: ['-run_after'], run_after_lte: baseDate ?? undefined });
  const release = await ctx.release();
  const streamed = streamsSummaries(release);
  try {
    const [structure, runs] = await Promise.all([
      ctx.get<V2GridNode[]>(`/ui/grid/structure/${seg(dagId)}`, runFilter),
      ctx.get<V2GridRun[]>(`/ui/grid/runs/${seg(dagId)}`, runFilter),
    ]);
    const summaries = await (streamed ? streamedSummaries : perRunSummaries)(ctx, dagId, runs);
    return map.gridFromV2(structure, runs, summaries);
  } catch (error) {
    if (streamed || !isAbsent(error)) throw error;
  }
  return builtGrid(ctx, dagId, numRuns, baseDate);
}

/** Built from public calls (Airflow 3.0/3.1 without the /ui grid): tasks, recent runs and one batch of their task instances. */
async function builtGrid(ctx: WorkflowContext, dagId: string, numRuns: number, baseDate: string | null | undefined) {
  const runFilter = query({ limit: Math.min(numRuns, PAGE_LIMIT), order_by: ['-run_after'], run_after_lte: baseDate ?? undefined });
  const recentRuns = async () => (await ctx.get<{ dag_runs: V2DagRun[] }>(`${ctx.dag(dagId)}/dagRuns`, runFilter)).dag_runs.map(map.runFromV2);
  const listTasks = async () => (await ctx.get<{ tasks: Parameters<typeof map.taskFromV2>[0][] }>(`${ctx.dag(dagId)}/tasks`)).tasks.map(map.taskFromV2);
  const [tasks, runs] = await Promise.all([listTasks(), recentRuns()]);
  if (runs.length === 0) return buildGrid(tasks, [], []);
  const instances: V2TaskInstance[] = [];
  for (;;) {
    const body = { dag_ids: [dagId], dag_run_ids: runs.map((r) => r.runId), page_offset: instances.length, page_limit: PAGE_LIMIT };
    const page = (await ctx.http.post<{ task_instances: V2TaskInstance[]; total_entries: number }>(`${ctx.api}/dags/~/dagRuns/~/taskInstances/list`, body)).data;
    instances.push(...page.task_instances);
    if (page.task_instances.length === 0 || instances.length >= page.total_entries) break;
  }
  return buildGrid(tasks, runs, instances.map(map.taskInstanceFromV2));
}
