import type { NbOutput, RunDone, RunEvent } from '../../contracts/kernels';
import type { CellSqlPlace } from '../model/nbformat/sqlPlace';

/** The cell machine's vocabulary: exact texts, events, actor input. Re-exported by cell.machine.ts. */

export const CANCELLED_OUTPUT = 'Execution cancelled';
export const FAILED_OUTPUT = 'Error executing cell';
export const UNREACHABLE_PREFIX = 'Kernel unreachable: ';
export const NO_KERNEL_REASON = 'no kernel is running for this notebook';

export type CellLanguage = 'python' | 'sql';

/** Where a SQL cell runs: a warehouse database and, optionally, the schema its names resolve in. */
export type SqlPlace = CellSqlPlace;

export interface CellContext {
  cellId: string;
  /** nbformat outputs, built from the run's events as they stream in. */
  outputs: NbOutput[];
  /** clear_output(wait=True) is pending (see contracts/runOutputs.ts). */
  clearOnNext: boolean;
  /** The cell's text output (the seed's `output`): a failure's or a cancel's message. */
  output: string;
  /** The execution count; one more per run. */
  runningNumber: number | null;
  /** What runs: set by QUEUE, so an edit while queued does not change the queued run. */
  run: { code: string; language: CellLanguage; kernelId: string | null; place?: SqlPlace } | null;
  /** Interrupted while running: waiting for the kernel's end of the run. */
  cancelling: boolean;
}

export interface CellMachineInput {
  cellId: string;
  outputs?: NbOutput[];
  runningNumber?: number | null;
}

export type CellMachineEvent =
  | { type: 'QUEUE'; code: string; language?: CellLanguage; kernelId: string | null; place?: SqlPlace }
  /** The queue's turn came (notebookRun.machine.ts), with the kernel to run on when it was not known at QUEUE (it was starting). */
  | { type: 'START'; kernelId?: string | null }
  /** The user stops this cell: a queued one just leaves the queue; a running one is cancelled. */
  | { type: 'ABORT' }
  /** The kernel was interrupted (by its Interrupt button, or from another tab); `gone`: shut down or removed, no end of the run will come. */
  | { type: 'KERNEL_INTERRUPTED'; gone?: boolean }
  /** Sent back by the runCell actor. */
  | { type: 'RUN_EVENT'; event: RunEvent }
  | { type: 'RUN_DONE'; done: RunDone }
  | { type: 'RUN_FAILED'; error: unknown }
  /** Raised CANCEL_WAIT_MS after an interrupt the kernel did not end the run for. */
  | { type: 'CANCEL_TIMEOUT' };

export interface RunCellInput {
  cellId: string;
  code: string;
  language: CellLanguage;
  kernelId: string;
  place?: SqlPlace;
}

export interface CellFinished {
  cellId: string;
  status: 'succeeded' | 'failed' | 'cancelled' | 'dequeued';
}
