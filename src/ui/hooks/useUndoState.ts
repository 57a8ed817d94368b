import { useLive } from './live';
import type { Reads } from '../../db/reads';

const NOTHING = { canUndo: false, canRedo: false };

/** Whether undo and redo are possible on a page, derived from its aggregate's events. */
export function useUndoState(read: (reads: Reads) => Promise<{ canUndo: boolean; canRedo: boolean }>) {
  return useLive(read, []) ?? NOTHING;
}
