import Dexie from 'dexie';
import { append } from './append';
import type { ConsoleEvent, Invert, UndoLink } from './events';
import { newEvent, type Identity } from './identity';
import { PROJECTIONS } from './projections';
import type { ConsoleDb } from './schema';

/** The user action an undo would invert and the one a redo would apply again (original events). */
export interface UndoState {
  undoable: ConsoleEvent | null;
  redoable: ConsoleEvent | null;
}

function linkOf(event: ConsoleEvent): UndoLink {
  const payload = event.payload as UndoLink | null;
  return typeof payload === 'object' && payload !== null ? payload : {};
}

/** Moves the entry with this id from one stack to the other; an unknown id (a stale double undo) is ignored. */
function move(from: ConsoleEvent[], to: ConsoleEvent[], id: string): void {
  const index = from.findLastIndex((entry) => entry.id === id);
  if (index < 0) return;
  to.push(...from.splice(index, 1));
}

/**
 * Undo and redo, derived from one aggregate's events in seq order. Only the user's own (local)
 * actions count; an `undoOf` event moves its entry to the redo stack, a `redoOf` event moves it
 * back, and any other undoable local event is a new action: it is pushed and clears redo.
 */
export function undoState(events: readonly ConsoleEvent[], invert: Invert): UndoState {
  const undoStack: ConsoleEvent[] = [];
  let redoStack: ConsoleEvent[] = [];
  for (const event of events) {
    if (event.origin !== 'local') continue;
    const { undoOf, redoOf } = linkOf(event);
    if (undoOf !== undefined) move(undoStack, redoStack, undoOf);
    else if (redoOf !== undefined) move(redoStack, undoStack, redoOf);
    else if (invert(event) !== null) {
      undoStack.push(event);
      redoStack = [];
    }
  }
  return { undoable: undoStack.at(-1) ?? null, redoable: redoStack.at(-1) ?? null };
}

/** One aggregate's events in seq order: what its undo and redo are derived from. */
export function aggregateHistory(db: ConsoleDb, aggregateId: string): Promise<ConsoleEvent[]> {
  return db.events.where('[aggregateId+seq]').between([aggregateId, Dexie.minKey], [aggregateId, Dexie.maxKey]).toArray();
}

/** The original's payload without an earlier undo/redo link, so a redo links only to its original. */
function withoutLink(payload: unknown): Record<string, unknown> {
  const { undoOf: _undoOf, redoOf: _redoOf, ...rest } = (payload ?? {}) as Record<string, unknown> & UndoLink;
  return rest;
}

/**
 * Reads the aggregate's history, picks the event to write and appends it, all in one transaction
 * so two tabs undoing at once cannot both undo the same action.
 */
function step(
  db: ConsoleDb,
  aggregateId: string,
  invert: Invert,
  pick: (state: UndoState) => ConsoleEvent | null,
): Promise<ConsoleEvent | null> {
  const tables = [db.events, ...PROJECTIONS.map((p) => db.table(p.table))];
  return db.transaction('rw', tables, async () => {
    const event = pick(undoState(await aggregateHistory(db, aggregateId), invert));
    if (!event) return null;
    const [stored] = await append(db, [event]);
    return stored;
  });
}

/**
 * Appends the inverse of the aggregate's last undoable action (payload.undoOf = its id); with
 * `only`, just when that action is the event with this id (an "Undo" offered for one action must
 * not undo a later one).
 */
export function undo(db: ConsoleDb, identity: Identity, aggregateId: string, invert: Invert, only?: string): Promise<ConsoleEvent | null> {
  return step(db, aggregateId, invert, ({ undoable }) => {
    const inverse = undoable && invert(undoable);
    if (!undoable || !inverse || (only !== undefined && undoable.id !== only)) return null;
    return newEvent(identity, { aggregateId, type: inverse.type, payload: { ...inverse.payload, undoOf: undoable.id } });
  });
}

/** Appends the last undone action again (payload.redoOf = the original's id). */
export function redo(db: ConsoleDb, identity: Identity, aggregateId: string, invert: Invert): Promise<ConsoleEvent | null> {
  return step(db, aggregateId, invert, ({ redoable }) => {
    if (!redoable) return null;
    const payload = { ...withoutLink(redoable.payload), redoOf: redoable.id };
    return newEvent(identity, { aggregateId, type: redoable.type, v: redoable.v, payload });
  });
}
