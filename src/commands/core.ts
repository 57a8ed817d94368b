import { append } from '../db/append';
import type { ConsoleEvent, Inversion, NewEventSpec } from '../model/events';
import { newEvent, type Identity } from '../db/identity';
import { PROJECTIONS } from '../model/projections';
import type { ConsoleDb } from '../db/schema';
import { redo, undo } from '../db/undo';
import type { Sender, SaveVerdict } from '../sync/outbox/sender';

/**
 * The application layer's few shared pieces, in the manner of Actual Budget's handler maps
 * (`app.method('x', mutator(undoable(fn)))`): a command map is a plain object of handlers, and what
 * every command needs — write its events in one transaction, wake the sender, derive undo from the
 * log, tell the user — is written once here as small wrappers around them.
 */

/** Something to tell the user (a toast in the app, a list in tests). */
export interface Notice {
  kind: 'success' | 'info' | 'warning' | 'error';
  message: string;
  /** Notices with the same id replace each other (20 offline saves make one toast, not 20). */
  id?: string;
  action?: { label: string; onClick: () => void };
}
export type Notify = (notice: Notice) => void;

/** What the commands of one signed-in session work with. */
export interface CommandContext {
  db: ConsoleDb;
  identity: Identity;
  notify: Notify;
}

export interface Refusal {
  ok: false;
  reason: string;
  /** Said to the user as it is. */
  message: string;
}

/** What a command did: the events it wrote (none when there was nothing to change), and its own answer. */
export type Done<T extends object = object> = { ok: true; events: ConsoleEvent[] } & T;
export type Result<T extends object = object> = Done<T> | Refusal;

export const refuse = (reason: string, message: string): Refusal => ({ ok: false, reason, message });

export const isRefusal = (value: object): value is Refusal => (value as { ok?: unknown }).ok === false;

/** The events a handler decided on (stamped and appended by mutator), and what it answers; or a refusal. */
export type Decision<T extends object = object> = { events: NewEventSpec<object>[] } & T;

/**
 * Runs `run` in one read-write transaction over the log and every projection: a command reads,
 * decides and appends at once, so two browser tabs acting together see each other's result.
 */
export function inLog<T>(db: ConsoleDb, run: () => Promise<T>): Promise<T> {
  return db.transaction('rw', [db.events, ...new Set(PROJECTIONS.map((p) => db.table(p.table)))], run);
}

/**
 * Read → decide → append in one transaction. The handler returns the events to write (with their
 * aggregate) or a refusal; the wrapper stamps them with this session's identity and appends them.
 */
export function mutator<A extends unknown[], T extends object>(
  ctx: CommandContext,
  decide: (...args: A) => Promise<Decision<T> | Refusal> | Decision<T> | Refusal,
): (...args: A) => Promise<Result<T>> {
  return (...args) =>
    inLog(ctx.db, async () => {
      const decision = await decide(...args);
      if (isRefusal(decision)) return decision;
      const { events: specs, ...answer } = decision;
      const events = await append(ctx.db, specs.map((spec) => newEvent(ctx.identity, spec)));
      return { ok: true as const, events, ...(answer as T) };
    });
}

export const NOTHING_TO_UNDO_MESSAGE = 'There is nothing to undo.';
export const NOTHING_TO_REDO_MESSAGE = 'There is nothing to redo.';

/**
 * Undo and redo of one aggregate's user actions, derived from the log (src/db/undo.ts): undo
 * appends the inverse of the last action, redo appends the action again (every event of a step:
 * a move of several items is one). `only` undoes just the step holding that event while it is the
 * last one (the Undo of a toast must not undo a later edit).
 */
export function undoable(ctx: CommandContext, aggregateId: string, invert: Inversion) {
  const answer = (events: ConsoleEvent[], message: string): Result => (events.length > 0 ? { ok: true, events } : refuse('nothing', message));
  return {
    undo: async (only?: string): Promise<Result> => answer(await undo(ctx.db, ctx.identity, aggregateId, invert, only), NOTHING_TO_UNDO_MESSAGE),
    redo: async (): Promise<Result> => answer(await redo(ctx.db, ctx.identity, aggregateId, invert), NOTHING_TO_REDO_MESSAGE),
  };
}

/** Tells the user why a command was refused (a toast), so no page has to. */
export function announced<A extends unknown[], R extends Result>(ctx: CommandContext, handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    const result = await handler(...args);
    if (isRefusal(result)) ctx.notify({ kind: 'error', message: result.message });
    return result;
  };
}

/** announced() over every command of a map that answers a Result (other members pass as they are). */
export function announcedAll<M extends Record<string, unknown>>(ctx: CommandContext, map: M): M {
  const wrap = (value: unknown) =>
    typeof value === 'function'
      ? async (...args: unknown[]) => {
          const result: unknown = await (value as (...a: unknown[]) => unknown)(...args);
          if (typeof result === 'object' && result !== null && isRefusal(result)) ctx.notify({ kind: 'error', message: result.message });
          return result;
        }
      : value;
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, wrap(value)])) as M;
}

/** What the user hears of a save: `failed` says what was not saved and why. */
export interface SaveWords<A extends unknown[]> {
  applied?: string;
  waiting: string;
  failed: (verdict: Extract<SaveVerdict, { kind: 'failed' }>, args: A) => string;
}

/** Notices of waiting saves share one toast: 20 offline edits make one message, not 20. */
export const WAITING_NOTICE_ID = 'waiting-saves';

/**
 * A command whose events are saves: after they are in the log, the sender is woken, and the
 * user hears how the save went once the sender knows (saved, refused, or waiting for the server).
 * Answers that verdict, or null when the command wrote no save (a refusal, nothing to undo).
 */
export function saved<A extends unknown[]>(
  ctx: CommandContext & { sender: Pick<Sender, 'wake' | 'settled'> },
  words: SaveWords<A>,
  handler: (...args: A) => Promise<Result>,
): (...args: A) => Promise<SaveVerdict | null> {
  return async (...args) => {
    const result = await handler(...args);
    const changes = result.ok ? result.events : [];
    if (changes.length === 0) return null;
    ctx.sender.wake();
    // Several saves (a move, its undo) are heard as one: the first refusal, else waiting, else applied.
    const verdicts = await Promise.all(changes.map((change) => ctx.sender.settled(change.id)));
    const verdict = verdicts.find((one) => one.kind === 'failed') ?? verdicts.find((one) => one.kind === 'waiting') ?? verdicts[0];
    if (verdict.kind === 'applied' && words.applied) ctx.notify({ kind: 'success', message: words.applied });
    if (verdict.kind === 'waiting') ctx.notify({ kind: 'info', message: words.waiting, id: WAITING_NOTICE_ID });
    if (verdict.kind === 'failed') ctx.notify({ kind: 'error', message: words.failed(verdict, args) });
    return verdict;
  };
}

/**
 * Work an action starts and cannot wait for (a statechart action, a wake-up): a failure is logged,
 * never left as an unhandled rejection.
 */
export function background(message: string, work: Promise<unknown>): void {
  work.catch((error: unknown) => console.warn(message, error));
}
