import Dexie from 'dexie';
import { ulid } from 'ulid';
import { append } from './append';
import type { ConsoleEvent, NewEventSpec, SqlTabEstimate, SqlTabLocation } from './events';
import { newEvent, type Identity } from './identity';
import { PROJECTIONS } from './projections';
import { sqlTabInverse } from './projections/sqlTabInverse';
import type { ConsoleDb, SqlTabRow } from './schema';
import {
  LAST_TAB_MESSAGE,
  NEW_TAB_SQL,
  NO_CLOSED_TAB_MESSAGE,
  SERVER_TAB_MESSAGE,
  UNKNOWN_TAB_MESSAGE,
  activeOf,
  canClose,
  closedStack,
  isServerTabId,
  neighbourAfterClose,
  openInOrder,
  planRestore,
  untitledTabName,
  validateTabName,
} from './sqlTabRules';
import { redo, undo, undoState } from './undo';

export type SqlTabRefusal = 'last-tab' | 'invalid-name' | 'server-tab' | 'unknown-tab' | 'no-closed-tab';

/**
 * What a command did. `events` is empty when there was nothing to change (same text, same name,
 * nothing to undo). A refusal carries the message the UI shows as it is (e.g. LAST_TAB_MESSAGE).
 */
export type SqlTabCommandResult =
  | { ok: true; tabId: string; events: ConsoleEvent[] }
  | { ok: false; reason: SqlTabRefusal; message: string };

type Spec = Omit<NewEventSpec<object>, 'aggregateId'> & { aggregateId?: string };
type Decision = Spec[] | Extract<SqlTabCommandResult, { ok: false }>;

const refuse = (reason: SqlTabRefusal, message: string) => ({ ok: false as const, reason, message });

export interface NewTabOptions extends Partial<SqlTabLocation> {
  /** A given id must not be numeric (server tabs are not kept). */
  id?: string;
  name?: string;
  sql?: string;
}

// ---- Queries (read-only, for Dexie live queries) ------------------------------------------------

/** The open tabs in tab-bar order. */
export async function openTabs(db: ConsoleDb): Promise<SqlTabRow[]> {
  return openInOrder(await db.sqlTabs.toArray());
}

export async function activeTabId(db: ConsoleDb): Promise<string | null> {
  return activeOf(await db.sqlTabs.toArray());
}

/** The closed tabs, most recently closed first: what reopen takes from. */
export async function closedTabs(db: ConsoleDb): Promise<SqlTabRow[]> {
  return closedStack(await db.sqlTabs.where('closedSeq').above(0).toArray());
}

export function getTab(db: ConsoleDb, tabId: string): Promise<SqlTabRow | undefined> {
  return db.sqlTabs.get(tabId);
}

function tabHistory(db: ConsoleDb, tabId: string): Promise<ConsoleEvent[]> {
  return db.events.where('[aggregateId+seq]').between([tabId, Dexie.minKey], [tabId, Dexie.maxKey]).toArray();
}

/** Whether the tab has something to undo and to redo (for the buttons). */
export async function tabUndoState(db: ConsoleDb, tabId: string): Promise<{ canUndo: boolean; canRedo: boolean }> {
  const history = await tabHistory(db, tabId);
  const { undoable, redoable } = undoState(history, sqlTabInverse(history));
  return { canUndo: undoable !== null, canRedo: redoable !== null };
}

// ---- Commands ---------------------------------------------------------------------------------

/**
 * The user's intents on SQL tabs, turned into events and appended. Each command reads and appends
 * in one transaction, so two browser tabs acting at once see each other's result (one "Untitled 1",
 * never two closes of the last two tabs).
 */
export function createSqlTabCommands(deps: { db: ConsoleDb; identity: Identity; username: string; newTabId?: () => string }) {
  const { db, identity, username, newTabId = ulid } = deps;

  /** One read-decide-append transaction over the log and every projection (append nests in it). */
  function inLog<T>(run: () => Promise<T>): Promise<T> {
    return db.transaction('rw', [db.events, ...PROJECTIONS.map((p) => db.table(p.table))], run);
  }

  async function write(tabId: string, specs: Spec[]): Promise<SqlTabCommandResult> {
    const events = specs.map(({ aggregateId = tabId, ...spec }) => newEvent(identity, { ...spec, aggregateId }));
    return { ok: true, tabId, events: await append(db, events) };
  }

  /** Runs `run` on an existing tab of this browser; server tabs and unknown ids are refused. */
  function withTab(tabId: string, run: (tab: SqlTabRow) => Promise<SqlTabCommandResult>): Promise<SqlTabCommandResult> {
    if (isServerTabId(tabId)) return Promise.resolve(refuse('server-tab', SERVER_TAB_MESSAGE));
    return inLog(async () => {
      const tab = await db.sqlTabs.get(tabId);
      return tab ? run(tab) : refuse('unknown-tab', UNKNOWN_TAB_MESSAGE);
    });
  }

  /** A decision on one tab, read alone (so text changes stay cheap). */
  const decide = (tabId: string, rule: (tab: SqlTabRow) => Decision) =>
    withTab(tabId, async (tab) => {
      const decision = rule(tab);
      return Array.isArray(decision) ? write(tabId, decision) : decision;
    });

  /** A decision that needs every tab (order, which one is active). */
  const decideWithAll = (tabId: string, rule: (tab: SqlTabRow, all: SqlTabRow[]) => Decision) =>
    withTab(tabId, async (tab) => {
      const decision = rule(tab, await db.sqlTabs.toArray());
      return Array.isArray(decision) ? write(tabId, decision) : decision;
    });

  function openSpecs(all: SqlTabRow[], options: NewTabOptions, name: string | undefined): { id: string; specs: Spec[] } {
    const id = options.id ?? newTabId();
    const activeId = activeOf(all);
    const from = all.find((t) => t.id === activeId); // a new tab starts where the active one is
    // An explicit null (no schema) is a choice; only a missing field takes the active tab's.
    const or = <K extends keyof SqlTabLocation>(key: K) => (options[key] !== undefined ? options[key] : (from?.[key] ?? null));
    const payload = {
      id,
      name: name ?? untitledTabName(openInOrder(all).map((t) => t.name)),
      sql: options.sql ?? NEW_TAB_SQL,
      databaseId: or('databaseId'),
      catalog: or('catalog'),
      schema: or('schema'),
      createdBy: username,
      createdAt: Date.now(),
    };
    return { id, specs: [{ type: 'SqlTabOpened', payload }, { type: 'SqlTabActivated', payload: {} }] };
  }

  /**
   * A new tab, made active. Without a name it is the next free `Untitled N`; without a location, the
   * active tab's. An id already known brings that tab to the front (reopening it if closed).
   */
  function openTab(options: NewTabOptions = {}): Promise<SqlTabCommandResult> {
    if (options.id !== undefined && isServerTabId(options.id)) return Promise.resolve(refuse('server-tab', SERVER_TAB_MESSAGE));
    const check = options.name === undefined ? undefined : validateTabName(options.name);
    if (check && !check.ok) return Promise.resolve(refuse('invalid-name', check.message));
    return inLog(async () => {
      const all = await db.sqlTabs.toArray();
      const existing = all.find((t) => t.id === options.id);
      if (existing) return write(existing.id, [{ type: existing.isClosed ? 'SqlTabReopened' : 'SqlTabActivated', payload: {} }]);
      const { id, specs } = openSpecs(all, options, check?.name);
      return write(id, specs);
    });
  }

  /** On load: at least one open tab, one of them active. Returns the open tabs and the active id. */
  async function restore(): Promise<{ tabs: SqlTabRow[]; activeId: string | null }> {
    const plan = await inLog(async () => {
      const all = await db.sqlTabs.toArray();
      const first = planRestore(all);
      if (first.open) {
        const { id, specs } = openSpecs(all, first.open, first.open.name);
        await write(id, specs);
      } else if (first.activate) await write(first.activate, [{ type: 'SqlTabActivated', payload: {} }]);
      return first.open || first.activate ? planRestore(await db.sqlTabs.toArray()) : first;
    });
    return { tabs: plan.tabs, activeId: plan.activeId };
  }

  /** Closes a tab; closing the active one activates its previous neighbour. The last open tab stays. */
  const close = (tabId: string) =>
    decideWithAll(tabId, (tab, all) => {
      if (tab.isClosed) return [];
      if (!canClose(all, tabId)) return refuse('last-tab', LAST_TAB_MESSAGE);
      const closing: Spec[] = [{ type: 'SqlTabClosed', payload: {} }];
      const next = activeOf(all) === tabId ? neighbourAfterClose(all, tabId) : null;
      return next === null ? closing : [...closing, { type: 'SqlTabActivated', aggregateId: next, payload: {} }];
    });

  /** Reopens a closed tab, by default the most recently closed, and activates it: its text, schema and results are as they were. */
  function reopen(tabId?: string): Promise<SqlTabCommandResult> {
    if (tabId !== undefined) return decide(tabId, (tab) => (tab.isClosed ? [{ type: 'SqlTabReopened', payload: {} }] : []));
    return inLog(async () => {
      const [last] = closedStack(await db.sqlTabs.where('closedSeq').above(0).toArray());
      return last ? write(last.id, [{ type: 'SqlTabReopened', payload: {} }]) : refuse('no-closed-tab', NO_CLOSED_TAB_MESSAGE);
    });
  }

  function rename(tabId: string, name: string): Promise<SqlTabCommandResult> {
    const check = validateTabName(name);
    if (!check.ok) return Promise.resolve(refuse('invalid-name', check.message));
    return decide(tabId, (tab) => (tab.name === check.name ? [] : [{ type: 'SqlTabRenamed', payload: { name: check.name } }]));
  }

  function tag(tabId: string, input: string): Promise<SqlTabCommandResult> {
    const value = input.trim();
    return decide(tabId, (tab) => (value === '' || tab.tags.includes(value) ? [] : [{ type: 'SqlTabTagged', payload: { tag: value } }]));
  }

  /** Undoes or redoes the tab's last edit. Neither may close the last open tab. */
  const undoRedo = (tabId: string, direction: 'undo' | 'redo') =>
    withTab(tabId, async () => {
      const history = await tabHistory(db, tabId);
      const invert = sqlTabInverse(history);
      const state = undoState(history, invert);
      const next = direction === 'undo' ? state.undoable && invert(state.undoable) : state.redoable;
      if (next?.type === 'SqlTabClosed' && !canClose(await db.sqlTabs.toArray(), tabId)) {
        return refuse('last-tab', LAST_TAB_MESSAGE);
      }
      const event = await (direction === 'undo' ? undo : redo)(db, identity, tabId, invert);
      return { ok: true as const, tabId, events: event ? [event] : [] };
    });

  const always = (tabId: string, type: string, payload: object) => decide(tabId, () => [{ type, payload }]);

  return {
    restore,
    openTab,
    close,
    reopen,
    rename,
    tag,
    /** Brings an open tab to the front (an empty one gets EMPTY_TAB_SQL). */
    activate: (tabId: string) => decide(tabId, (tab) => (tab.isClosed ? [] : [{ type: 'SqlTabActivated', payload: {} }])),
    /** The UI debounces typing; an unchanged text writes nothing. */
    changeSql: (tabId: string, sql: string) => decide(tabId, (tab) => (tab.sql === sql ? [] : [{ type: 'SqlTextChanged', payload: { sql } }])),
    changeLocation: (tabId: string, location: SqlTabLocation) => always(tabId, 'SqlTabSchemaChanged', { ...location }),
    setFavorite: (tabId: string, favorite: boolean) =>
      decide(tabId, (tab) => (tab.isFavorite === favorite ? [] : [{ type: favorite ? 'SqlTabFavorited' : 'SqlTabUnfavorited', payload: {} }])),
    untag: (tabId: string, value: string) => decide(tabId, (tab) => (tab.tags.includes(value) ? [{ type: 'SqlTabUntagged', payload: { tag: value } }] : [])),
    /** Keeps the server's estimate on the tab; null clears it (a cancelled run). */
    recordEstimate: (tabId: string, estimate: SqlTabEstimate | null) =>
      estimate === null ? always(tabId, 'SqlTabEstimateCleared', {}) : always(tabId, 'SqlTabEstimated', { ...estimate }),
    undo: (tabId: string) => undoRedo(tabId, 'undo'),
    redo: (tabId: string) => undoRedo(tabId, 'redo'),
  };
}

export type SqlTabCommands = ReturnType<typeof createSqlTabCommands>;
