import type { ExecutionState, KernelModel } from '../../contracts/kernels';

/**
 * The kernel machine's vocabulary: the texts users see (exact, from the seed), its events, what its
 * actors get. Re-exported by kernel.machine.ts.
 */

export const RESTART_SUCCESS_MESSAGE = 'Kernel restarted successfully';
export const RESTART_FAILED_MESSAGE = 'Failed to restart kernel';
export const SHUTDOWN_SUCCESS_MESSAGE = 'Kernel shut down successfully';
export const SHUTDOWN_FAILED_MESSAGE = 'Failed to shut down kernel';
export const INTERRUPT_FAILED_MESSAGE = 'Failed to interrupt kernel';
/** Not the seed's: a start it could not make (the reason follows). */
export const START_FAILED_MESSAGE = 'Failed to start kernel';
/** The notebook's "Restart and run all" (it restarts through this machine, then runs the cells). */
export const RESTART_AND_RUN_ALL_FAILED_MESSAGE = 'Failed to restart and run all cells';

export interface Notice {
  kind: 'success' | 'error';
  message: string;
}

export interface KernelContext {
  /** The active kernel; null before a start and after a shutdown (or the server removed it). */
  kernel: KernelModel | null;
  /** The kernelspec asked for last (null: the server's default). */
  spec: string | null;
  /** Why the last action failed, for the toolbar. */
  error: string | null;
}

export interface KernelMachineInput {
  /** A kernel already running for this notebook (found in GET /kernels), if any. */
  kernel?: KernelModel | null;
}

export type KernelMachineEvent =
  | { type: 'START'; kernelspec?: string; path?: string }
  | { type: 'INTERRUPT' }
  | { type: 'RESTART' }
  | { type: 'SHUTDOWN' }
  /** From the server's event stream: the kernel's state changed. */
  | { type: 'STATUS'; execution_state: ExecutionState }
  /** From the server's event stream: the kernel is gone (shut down elsewhere, culled when idle). */
  | { type: 'REMOVED' };

export interface StartKernelInput {
  kernelspec?: string;
  path?: string;
}
export interface KernelIdInput {
  id: string;
}
