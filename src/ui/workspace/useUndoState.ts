import { useLiveQuery } from 'dexie-react-hooks';
import { workspaceInverse } from '../../db/projections/workspaceInverse';
import { undoState } from '../../db/undo';
import { useDb } from '../db';

/** Whether undo and redo are possible for an aggregate, derived from its events. */
export function useUndoState(aggregateId: string) {
  const db = useDb();
  return useLiveQuery(async () => {
    const events = await db.events.where('[aggregateId+seq]').between([aggregateId, -Infinity], [aggregateId, Infinity]).toArray();
    const state = undoState(events, workspaceInverse);
    return { canUndo: state.undoable !== null, canRedo: state.redoable !== null };
  }, [db, aggregateId]) ?? { canUndo: false, canRedo: false };
}
