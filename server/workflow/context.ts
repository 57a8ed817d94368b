import type { FastifyRequest } from 'fastify';
import type { EventRow, RunRow } from './rows';
import type { WorkflowStore } from './store';

/** What the workflow routes share, made once per app by openWorkflow (open.ts). */
export interface WorkflowContext {
  store: WorkflowStore;
  now(): number;
  /** Appends an event log entry by the requesting user. */
  audit(request: FastifyRequest, entry: Partial<EventRow> & { event: string }): Promise<void>;
  /** Each DAG's latest run (by logical date). */
  lastRuns(): Promise<Map<string, RunRow>>;
  /** Asks the executor to look at the runs now rather than at its next tick. */
  wake(): void;
}

export function createContext(store: WorkflowStore, now: () => number, wake: () => void): WorkflowContext {
  return {
    store,
    now,
    wake,
    async audit(request, entry) {
      await store.addEvent({
        dttm: now(), dag_id: null, task_id: null, run_id: null, map_index: null, try_number: null, logical_date: null, extra: null,
        ...entry, owner: request.user?.username ?? null,
      });
    },
    async lastRuns() {
      // Each DAG's run with the latest logical date (a window both stores read alike).
      const rows = await store.db.all<RunRow>(
        'SELECT * FROM (SELECT r.*, row_number() OVER (PARTITION BY dag_id ORDER BY logical_date DESC) AS latest FROM wf_dag_runs r) runs WHERE latest = 1',
      );
      return new Map(rows.map((row) => [row.dag_id, row]));
    },
  };
}
