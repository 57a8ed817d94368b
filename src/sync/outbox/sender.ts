import type { Table } from 'dexie';
import type { ConsoleEvent } from '../../model/events';
import type { Identity } from '../../db/identity';
import { recordSaveOutcomes, saveOutcomeTables, savesIn, type ChangeOutcome } from '../../db/saveOutcome';
import type { ConsoleDb } from '../../db/schema';
import type { SaveRow } from '../../model/saves/projection';
import { isNetworkError } from '../api/http';
import { MAX_BATCH, stopsTheRest, type SaveAnswer, type SaveRequest, type SavesApi } from '../api/saves.api';
import type { LockRequester } from '../tabs/leader';
import { createServerProbe, type ServerProbeOptions } from '../serverProbe';

/**
 * THE ONE PATH OF A SAVE. A command appends a change to the log; the log is the queue: a change
 * whose save has no outcome yet (projections/saves.ts: state 'pending') is sent by this sender, in
 * seq order, under its event id as Idempotency-Key, and what the server answers is recorded in the
 * log as the save's outcome. Nothing else records "queued", and nothing else resends.
 *
 * Why the page and not the service worker: the service worker's queue was a second record of the
 * same fact (its outbox besides the log), with a second sender (its replay) and a third (the page
 * resending what the worker did not hold). Here one pass at a time runs across all tabs (a Web
 * Lock), reads the log, and stops when the server cannot be reached; a probe with backoff (and the
 * browser's 'online') wakes it. What it gives up is Background Sync: saves made offline go out
 * when a console tab is next open, not with every tab closed — they are kept in the log meanwhile.
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

export type SaveVerdict = { kind: 'applied' } | { kind: 'waiting' } | { kind: 'failed'; status: number; message: string } | { kind: 'discarded' };

export interface SenderDeps {
  db: ConsoleDb;
  identity: Identity;
  api: SavesApi;
  routes: readonly SaveRoute[];
  /** navigator.locks: one pass at a time across the tabs; without it (plain http) each tab runs its own. */
  locks?: LockRequester;
  /** True when the console server answers (health API): the probe that wakes the sender after an outage. */
  isServerUp: () => Promise<boolean>;
  probe?: Pick<ServerProbeOptions, 'backoff' | 'slowIntervalMs' | 'setTimer' | 'clearTimer'>;
}

export interface Sender {
  /** Sends what is pending now (a pass after the one under way, if any). */
  wake(): void;
  /** How the save of this change went, once the sender knows: sent, refused, or waiting for the server. */
  settled(changeId: string): Promise<SaveVerdict>;
  stop(): void;
}

export const SENDER_LOCK = 'console-saves';
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

const pendingSaves = (db: ConsoleDb, limit: number, after?: number) => savesIn(db, 'pending', limit, after);

/** A promise awaited later: its rejection is not reported as unhandled meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

export function createSender(deps: SenderDeps): Sender {
  const { db, identity, api } = deps;
  const routeOf = new Map(deps.routes.flatMap((route) => route.types.map((type) => [type, route] as const)));
  const waiters = new Map<string, ((verdict: SaveVerdict) => void)[]>();
  const state: { running: Promise<void> | null; again: boolean; stopped: boolean } = { running: null, again: false, stopped: false };
  const probe = createServerProbe({
    ...deps.probe,
    probe: deps.isServerUp,
    hasQueuedSaves: async () => (await pendingSaves(db, 1)).length > 0,
    onServerBack: () => wake(),
  });

  /**
   * The next pending saves that can go now, in order, and those that can never go; only saves made
   * after `after` (a seq) when given. `waited`: one of them waits for an earlier save's answer.
   */
  async function plan(after?: number): Promise<Plan> {
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
  async function record(batch: Planned[], answers: SaveAnswer[], refused: ChangeOutcome[]): Promise<void> {
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
  async function pass(): Promise<'done' | 'waiting'> {
    let recording: Promise<void> = Promise.resolve();
    let next = await plan();
    for (;;) {
      const { batch, refused } = next;
      if (batch.length === 0 && refused.length === 0) {
        await recording;
        return 'done';
      }
      const upcoming = quiet(plan(next.last));
      let answers: SaveAnswer[];
      try {
        answers = batch.length > 0 ? await api.send(batch.map((p) => p.request)) : [];
      } catch (error) {
        await recording;
        if (!isNetworkError(error)) throw error;
        await record([], [], refused);
        return 'waiting';
      }
      await recording; // the previous batch's, done while this one was sent
      recording = quiet(record(batch, answers, refused));
      if (answers.length < batch.length || answers.some((answer) => stopsTheRest(answer.status))) {
        await recording;
        return 'waiting';
      }
      next = await upcoming;
      if (next.waited) {
        await recording;
        next = await plan();
      }
    }
  }

  const underLock = (): Promise<'done' | 'waiting'> => {
    if (!deps.locks) return pass();
    let result: 'done' | 'waiting' = 'waiting';
    return deps.locks.request(SENDER_LOCK, {}, async () => void (result = await pass())).then(() => result);
  };

  async function settle(result: 'done' | 'waiting'): Promise<void> {
    for (const [id, resolvers] of waiters) {
      const row = await db.saves.get(id);
      const verdict: SaveVerdict | null =
        row?.state === 'applied' || row?.state === 'discarded'
          ? { kind: row.state }
          : row?.state === 'failed'
            ? { kind: 'failed', status: row.status ?? 0, message: row.message ?? '' }
            : result === 'waiting' || state.stopped
              ? { kind: 'waiting' }
              : null;
      if (!verdict) continue;
      waiters.delete(id);
      for (const resolve of resolvers) resolve(verdict);
    }
  }

  async function run(): Promise<void> {
    do {
      state.again = false;
      const result = await underLock().catch((error: unknown) => {
        console.warn('Sending the saves failed; they stay in the log and go later.', error);
        return 'waiting' as const;
      });
      await settle(result);
      if (result === 'waiting' && !state.stopped) probe.start();
    } while (state.again && !state.stopped);
  }

  function wake(): void {
    if (state.stopped) return;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = run().finally(() => {
      state.running = null;
    });
  }

  return {
    wake,
    settled(changeId) {
      if (state.stopped) return Promise.resolve({ kind: 'waiting' });
      return new Promise((resolve) => {
        waiters.set(changeId, [...(waiters.get(changeId) ?? []), resolve]);
        if (!state.running) wake();
      });
    },
    stop() {
      state.stopped = true;
      probe.stop();
      void settle('waiting');
    },
  };
}
