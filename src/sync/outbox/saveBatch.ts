import type { Table } from 'dexie';
import type { Identity } from '../../db/identity';
import { recordSaveOutcomes, saveOutcomeTables, savesIn, type ChangeOutcome } from '../../db/saveOutcome';
import type { ConsoleDb } from '../../db/schema';
import type { ConsoleEvent } from '../../model/events';
import type { SaveRow } from '../../model/saves/projection';
import { isNetworkError } from '../api/http';
import { MAX_BATCH, stopsTheRest, type SaveAnswer, type SaveRequest, type SavesApi } from '../api/saves.api';

/**
 * The sender's passes (sender.ts says why there is one path): plan the next pending saves a
 * batch at a time, send them, record the answers. The routes say how each kind of change is saved.
 */

/** One round of a change's save: a retry after a refusal is a new round under a new key. */
export interface SaveRound {
  key: string;
  attempt: number;
  overwrite: boolean;
  label: string;
}

/** Not sendable in this pass: it waits for an earlier save's answer, or it can never be sent. */
export type NotSent = { wait: true } | { refuse: string };

/** How one kind of change is saved: its request, and what its answer changes here. */
export interface SaveRoute {
  types: readonly string[];
  request(change: ConsoleEvent, round: SaveRound): Promise<SaveRequest | NotSent> | SaveRequest | NotSent;
  /** What the applied outcome keeps of the answer (e.g. a saved query's server id). */
  answer?(change: ConsoleEvent, body: unknown): Record<string, unknown> | undefined;
  /** Writes the answer into a cache (the workspace listing), in the same transaction as the outcome. */
  apply?(change: ConsoleEvent, body: unknown): Promise<void>;
  /** The tables apply() writes. */
  tables?: Table[];
}

/** What a pass reads and writes: the log, who writes, the saves API and the route of each change type. */
export interface BatchContext {
  db: ConsoleDb;
  identity: Identity;
  api: SavesApi;
  routeOf: ReadonlyMap<string, SaveRoute>;
}

export const UNSENDABLE_MESSAGE = 'This change cannot be saved: the console does not know how.';

/** The key of a round: the change's id first, then a fresh one per retry (the old key has its refusal stored). */
export const roundKey = (changeId: string, attempt: number) => (attempt === 0 ? changeId : `${changeId}:${attempt}`);

/** The server's own words (its JSON message; Superset's errors[0].message), else the status. */
export function answerMessage({ status, body }: SaveAnswer): string {
  const b = body as { message?: unknown; error?: unknown; errors?: { message?: unknown }[] } | null;
  const message = b?.message ?? b?.errors?.[0]?.message ?? b?.error;
  return typeof message === 'string' && message !== '' ? message : `The server refused this save (HTTP ${status}).`;
}

/** A request's body size in bytes, as sent (JSON). */
function bodyBytes(request: SaveRequest): number {
  return request.body === null || request.body === undefined ? 0 : new TextEncoder().encode(JSON.stringify(request.body)).length;
}

/**
 * A save over the server's size limit (413): sending the same bytes again cannot work, so say how
 * big it is and what makes it fit; the server's own words ("Request body is too large") say neither.
 */
export function tooLargeMessage(bytes: number): string {
  const mb = (bytes / 2 ** 20).toFixed(1);
  return `Too large to save (${mb} MB, over the server's limit). Make it smaller (clear large outputs, or split the notebook), then save again; then discard this save.`;
}

const refusalMessage = (answer: SaveAnswer, request: SaveRequest) => (answer.status === 413 ? tooLargeMessage(bodyBytes(request)) : answerMessage(answer));

interface Planned {
  row: SaveRow;
  change: ConsoleEvent;
  route: SaveRoute;
  request: SaveRequest;
}

interface Plan {
  batch: Planned[];
  refused: ChangeOutcome[];
  waited: boolean;
  /** The seq of the last save planned (sent or refused): the next plan starts after it. */
  last: number | undefined;
}

export const pendingSaves = (db: ConsoleDb, limit: number, after?: number) => savesIn(db, 'pending', limit, after);

/** A promise awaited later: its rejection is not reported as unhandled meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * The next pending saves that can go now, in order, and those that can never go; only saves made
 * after `after` (a seq) when given. `waited`: one of them waits for an earlier save's answer.
 */
export async function plan({ db, routeOf }: BatchContext, after?: number): Promise<Plan> {
  const rows = await pendingSaves(db, MAX_BATCH, after);
  const changes = new Map((await db.events.where('id').anyOf(rows.map((row) => row.id)).toArray()).map((event) => [event.id, event]));
  const next: Plan = { batch: [], refused: [], waited: false, last: after };
  for (const row of rows) {
    const change = changes.get(row.id);
    const route = change && routeOf.get(change.type);
    const built = change && route ? await route.request(change, { key: roundKey(row.id, row.attempt), attempt: row.attempt, overwrite: row.overwrite, label: row.label }) : { refuse: UNSENDABLE_MESSAGE };
    if ('wait' in built) next.waited = true;
    // Waiting for an earlier save's answer: the rest go after it, in a later batch.
    if ('wait' in built && (next.batch.length > 0 || next.refused.length > 0)) break;
    next.last = row.seq;
    if ('wait' in built || 'refuse' in built) {
      const message = 'refuse' in built ? built.refuse : 'This save waits for one that is not pending.';
      next.refused.push({ change: row, outcome: { kind: 'failed', status: 0, message, attempt: row.attempt } });
    } else if (change && route) next.batch.push({ row, change, route, request: built });
  }
  return next;
}

/** Records what the answers say (and what could not go) and applies the answers, in one transaction. */
async function record({ db, identity }: BatchContext, batch: Planned[], answers: SaveAnswer[], refused: ChangeOutcome[]): Promise<void> {
  const outcomes: ChangeOutcome[] = [...refused];
  const applied: [Planned, unknown][] = [];
  answers.forEach((answer, i) => {
    const { row, change, route } = batch[i];
    if (answer.status >= 200 && answer.status < 300) {
      outcomes.push({ change: row, outcome: { kind: 'applied', answer: route.answer?.(change, answer.body) } });
      applied.push([batch[i], answer.body]);
    } else if (!stopsTheRest(answer.status)) {
      outcomes.push({ change: row, outcome: { kind: 'failed', status: answer.status, message: refusalMessage(answer, batch[i].request), attempt: row.attempt } });
    }
  });
  const caches = [...new Set(batch.flatMap((p) => p.route.tables ?? []))];
  await db.transaction('rw', [...saveOutcomeTables(db), ...caches], async () => {
    await recordSaveOutcomes(db, identity, outcomes);
    for (const [{ route, change }, body] of applied) await route.apply?.(change, body);
  });
}

/**
 * One pass: sends pending saves, a batch at a time, until none is left or the server has to be
 * waited for. A batch is recorded while the next one is on its way (and that one planned while
 * this one was), so the server and this browser's database work at the same time. The next batch
 * still goes only after this one's answers, so the server applies the saves in order; a save
 * that waits for an answer not recorded yet is planned again once it is.
 */
export async function pass(ctx: BatchContext): Promise<'done' | 'waiting'> {
  let recording: Promise<void> = Promise.resolve();
  let next = await plan(ctx);
  for (;;) {
    const { batch, refused } = next;
    if (batch.length === 0 && refused.length === 0) {
      await recording;
      return 'done';
    }
    const upcoming = quiet(plan(ctx, next.last));
    let answers: SaveAnswer[];
    try {
      answers = batch.length > 0 ? await ctx.api.send(batch.map((p) => p.request)) : [];
    } catch (error) {
      await recording;
      if (!isNetworkError(error)) throw error;
      await record(ctx, [], [], refused);
      return 'waiting';
    }
    await recording; // the previous batch's, done while this one was sent
    recording = quiet(record(ctx, batch, answers, refused));
    if (answers.length < batch.length || answers.some((answer) => stopsTheRest(answer.status))) {
      await recording;
      return 'waiting';
    }
    next = await upcoming;
    if (next.waited) {
      await recording;
      next = await plan(ctx);
    }
  }
}
