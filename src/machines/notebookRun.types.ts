import type { NbOutput, ExecutionState, KernelModel } from '../../contracts/kernels';
import type { CellFinished, CellLanguage, SqlPlace } from './cell.types';
import type { Notice } from './kernel.types';

/** The notebook-run machine's vocabulary: its context, events and what it is given. Re-exported by notebookRun.machine.ts. */

/** A cell to run: its id, its text and how it runs. */
export interface RunnableCell {
  id: string;
  source: string;
  language: CellLanguage;
  /** SQL cells: the database and schema chosen in the cell. */
  place?: SqlPlace;
}

/** What the run knows of its kernel, from the kernel actor's last snapshot (guards cannot read a child). */
export interface KernelSeen {
  id: string | null;
  /** A kernel is there (idle, busy or dead): it takes INTERRUPT, RESTART and SHUTDOWN. */
  up: boolean;
  /** A call to it is under way (starting, interrupting, restarting, shutting down): a queued Python cell waits. */
  pending: boolean;
  /** Why its last call failed. */
  error: string | null;
}

export interface NotebookRunInput {
  path: string;
  /** A kernel already running for this notebook (another tab or an earlier page started it). */
  existing?: KernelModel | null;
}

/** A cell's run ended (or it left the queue), with what the document records of it. */
export type CellEnded = CellFinished & { outputs: NbOutput[]; runningNumber: number | null };

/** The outputs of a run to write into the document. */
export interface Recorded {
  cellId: string;
  outputs: NbOutput[];
  executionCount: number | null;
}

export type NotebookRunEvent =
  /** Queue these cells (in this order) behind those already queued; Python ones start the kernel if there is none. */
  | { type: 'RUN'; cells: readonly RunnableCell[] }
  /** The user stops one cell: a queued one leaves the queue, a running one is cancelled. */
  | { type: 'ABORT'; cellId: string }
  | { type: 'START_KERNEL'; kernelspec?: string }
  | { type: 'INTERRUPT' }
  | { type: 'RESTART' }
  | { type: 'SHUTDOWN' }
  /** Restart the kernel, then run these cells one by one, stopping at the first that does not succeed. */
  | { type: 'RESTART_AND_RUN_ALL'; cells: readonly RunnableCell[] }
  /** From the server's event stream (or a status asked for): a kernel's state; ignored for another kernel. */
  | { type: 'KERNEL_STATUS'; id: string; execution_state: ExecutionState }
  /** From the server's event stream (or a 404): a kernel is gone; ignored for another kernel. */
  | ({ type: 'KERNEL_REMOVED'; id: string })
  /** Sent by a cell actor. */
  | ({ type: 'CELL_ENDED' } & CellEnded)
  /** Sent by a cell actor whose running cell was aborted. */
  | { type: 'INTERRUPT_KERNEL' };

export type { Notice };
