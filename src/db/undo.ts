import Dexie from 'dexie';
import { append } from './append';
import { inverterFor, type ConsoleEvent, type Inversion, type Invert, type UndoLink } from '../model/events';
import { newEvent, type Identity } from './identity';
import { PROJECTIONS } from '../model/projections';
import type { ConsoleDb } from './schema';

/**
 * The user action an undo would invert and the one a redo would apply again (original events):
 * the last event of each step, and the whole step (a move of several items is one step).
 */
export interface UndoState {
  undoable: ConsoleEvent | null;
  redoable: ConsoleEvent | null;
  undoStep: ConsoleEvent[];
  redoStep: ConsoleEvent[];
}

/** One undo step: the events of one user action, in seq order. */
type Step = ConsoleEvent[];

function linkOf(event: ConsoleEvent): UndoLink {
  const payload = event.payload as UndoLink | null;
  return typeof payload === 'object' && payload !== null ? payload : {};
}

/** Moves the step holding this event from one stack to the other; an unknown id (a stale double undo, the rest of a step) is ignored. */
function move(from: Step[], to: Step[], id: string): void {
  const index = from.findLastIndex((step) => step.some((entry) => entry.id === id));
  if (index < 0) return;
  to.push(...from.splice(index, 1));
}

/**
 * Undo and redo, derived from one aggregate's events in seq order. Only the user's own (local)
 * actions count; an `undoOf` event moves its step to the redo stack, a `redoOf` event moves it
 * back, and any other undoable local event is a new action: it is pushed (joining the last step
 * when both carry the same `group`) and clears redo.
 */
export function undoState(events: readonly ConsoleEvent[], invert: Invert): UndoState {
  const undoStack: Step[] = [];
  let redoStack: Step[] = [];
  for (const event of events) {
    if (event.origin !== 'local') continue;
    const { undoOf, redoOf, group } = linkOf(event);
    if (undoOf !== undefined) move(undoStack, redoStack, undoOf);
    else if (redoOf !== undefined) move(redoStack, undoStack, redoOf);
    else if (invert(event) !== null) {
      const last = undoStack.at(-1);
      if (group !== undefined && last && linkOf(last[0]).group === group) last.push(event);
      else undoStack.push([event]);
      redoStack = [];
    }
  }
  const undoStep = undoStack.at(-1) ?? [];
  const redoStep = redoStack.at(-1) ?? [];
  return { undoable: undoStep.at(-1) ?? null, redoable: redoStep.at(-1) ?? null, undoStep, redoStep };
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
 * Reads the aggregate's history, picks the events to write and appends them, all in one
 * transaction so two tabs undoing at once cannot both undo the same action.
 */
function step(
  db: ConsoleDb,
  aggregateId: string,
  inversion: Inversion,
  pick: (state: UndoState, invert: Invert) => ConsoleEvent[],
): Promise<ConsoleEvent[]> {
  const tables = [db.events, ...PROJECTIONS.map((p) => db.table(p.table))];
  return db.transaction('rw', tables, async () => {
    const history = await aggregateHistory(db, aggregateId);
    const invert = inverterFor(inversion, history);
    const events = pick(undoState(history, invert), invert);
    return events.length === 0 ? [] : append(db, events);
  });
}

/**
 * Appends the inverses of the aggregate's last undoable step (payload.undoOf = each original's
 * id), last first; with `only`, just when that step holds the event with this id (an "Undo"
 * offered for one action must not undo a later one). Answers the events written (none: nothing to undo).
 */
export function undo(db: ConsoleDb, identity: Identity, aggregateId: string, inversion: Inversion, only?: string): Promise<ConsoleEvent[]> {
  return step(db, aggregateId, inversion, ({ undoStep }, invert) => {
    if (only !== undefined && !undoStep.some((event) => event.id === only)) return [];
    const written: ConsoleEvent[] = [];
    for (const event of [...undoStep].reverse()) {
      const inverse = invert(event);
      if (!inverse) return []; // the step was taken because each of its events inverts
      written.push(newEvent(identity, { aggregateId, type: inverse.type, payload: { ...inverse.payload, undoOf: event.id } }));
    }
    return written;
  });
}

/** Appends the last undone step again (payload.redoOf = each original's id), in its first order. */
export function redo(db: ConsoleDb, identity: Identity, aggregateId: string, inversion: Inversion): Promise<ConsoleEvent[]> {
  return step(db, aggregateId, inversion, ({ redoStep }) =>
    redoStep.map((original) => newEvent(identity, { aggregateId, type: original.type, v: original.v, payload: { ...withoutLink(original.payload), redoOf: original.id } })),
  );
}
