import { LruMap } from '../store/lru';
import { tryLog, logText, type TryFacts } from './demo/logText';
import { FINISHED_TASK_STATES, type DagSpec } from './model';
import { badRequest, notFound } from './problem';
import type { RunRow, TiRow, TryRow } from './rows';
import type { WorkflowStore } from './store';

/** At most this much log per answer unless full_content: a 100,000-line log comes in pieces. */
export const LOG_CHUNK_BYTES = 1024 * 1024;
const GENERATED_CACHE = 8;

export interface LogPage {
  content: string;
  continuation_token: string;
  end_of_log: boolean;
}

interface Position {
  log_pos: number;
  end_of_log: boolean;
}

/** The continuation token: Airflow's metadata ({log_pos, end_of_log}) as base64url JSON. */
export function encodeToken(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeToken(token: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Bad continuation token: not one this server issued');
  }
  const position = parsed as Position;
  if (typeof parsed !== 'object' || parsed === null || !Number.isSafeInteger(position.log_pos) || position.log_pos < 0 || typeof position.end_of_log !== 'boolean') {
    throw badRequest('Bad continuation token: not one this server issued');
  }
  return position;
}

/**
 * Log text of task tries: what the executor wrote for tries it ran (wf_logs), or the generated
 * log of a historical try (the same text on every read; the last few are kept).
 */
export class LogReader {
  private readonly generated = new LruMap<string, Buffer>(GENERATED_CACHE);

  constructor(private readonly store: WorkflowStore) {}

  async page(spec: DagSpec, run: RunRow, ti: TiRow, tryNumber: number, token: string | undefined, full: boolean): Promise<LogPage> {
    const start = token === undefined || full ? 0 : decodeToken(token).log_pos;
    const { bytes, finished } = await this.bytes(spec, run, ti, tryNumber);
    if (start > bytes.length) throw badRequest('Bad continuation token: it points past the end of this log');
    let end = full ? bytes.length : Math.min(bytes.length, start + LOG_CHUNK_BYTES);
    if (end < bytes.length) {
      // Whole lines only, so a line is never split between two answers (nor a UTF-8 character).
      const newline = bytes.lastIndexOf(0x0a, end - 1);
      if (newline >= start) end = newline + 1;
    }
    const end_of_log = finished && end === bytes.length;
    return { content: bytes.subarray(start, end).toString('utf8'), continuation_token: encodeToken({ log_pos: end, end_of_log }), end_of_log };
  }

  private async bytes(spec: DagSpec, run: RunRow, ti: TiRow, tryNumber: number): Promise<{ bytes: Buffer; finished: boolean }> {
    const attempt = await tryFacts(this.store, ti, tryNumber);
    const key = { dag_id: ti.dag_id, run_id: ti.run_id, task_id: ti.task_id, map_index: ti.map_index, try_number: tryNumber };
    const running = attempt.state === 'running' || attempt.state === 'queued';
    const stored = await this.store.storedLog(key);
    if (stored !== null || running || attempt.start_date === null || tryNumber === 0) return { bytes: Buffer.from(stored ?? ''), finished: !running };
    const cacheKey = JSON.stringify(key);
    let bytes = this.generated.get(cacheKey);
    if (!bytes) {
      const task = spec.tasks.find((candidate) => candidate.task_id === ti.task_id)!;
      const facts: TryFacts = {
        dag_id: ti.dag_id, run_id: ti.run_id, map_index: ti.map_index, try_number: tryNumber, max_tries: ti.max_tries, logical_date: run.logical_date,
        start: attempt.start_date, end: attempt.end_date ?? attempt.start_date, outcome: attempt.state ?? 'failed', hostname: attempt.hostname, pid: attempt.pid ?? 0,
      };
      bytes = Buffer.from(logText(tryLog(task, facts)));
      this.generated.set(cacheKey, bytes);
    }
    return { bytes, finished: true };
  }
}

/** The try as recorded: the task instance itself for its current try, the tries table for earlier ones. */
export async function tryFacts(store: WorkflowStore, ti: TiRow, tryNumber: number): Promise<TryRow> {
  if (tryNumber === ti.try_number) return ti;
  // The next try of a task that has not started it yet: an empty log that will grow.
  if (tryNumber === ti.try_number + 1 && (ti.state === null || !FINISHED_TASK_STATES.has(ti.state))) return { ...ti, try_number: tryNumber, state: 'queued', start_date: null, end_date: null };
  const earlier = (await store.tries(ti.dag_id, ti.run_id, ti.task_id, ti.map_index)).find((row) => row.try_number === tryNumber);
  if (!earlier) throw notFound('Task instance not found', `Task instance ${ti.task_id} has no try ${tryNumber}`);
  return earlier;
}
