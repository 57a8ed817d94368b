import { ulid } from 'ulid';
import type { NewEventSpec, SqlTabEstimate, SqlTabLocation } from '../../model/events';
import { sqlTabInverse } from '../../model/sqlTab/inverse';
import type { SqlTabRow } from '../../model/rows';
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
} from '../../model/sqlTab/rules';
import { aggregateHistory, redo, undo, undoState } from '../../db/undo';
import { inLog, mutator, refuse, type CommandContext, type Decision, type Refusal, type Result } from '../core';

/**
 * What a tab command did. `events` is empty when there was nothing to change (same text, same
 * name, nothing to undo). A refusal ('last-tab', 'invalid-name', 'server-tab', 'unknown-tab',
 * 'no-closed-tab') carries the message the UI shows as it is (e.g. LAST_TAB_MESSAGE).
 */
export type SqlTabCommandResult = Result<{ tabId: string }>;

type Spec = Omit<NewEventSpec<object>, 'aggregateId'> & { aggregateId?: string };

export interface NewTabOptions extends Partial<SqlTabLocation> {
  /** A given id must not be numeric (server tabs are not kept). */
  id?: string;
  name?: string;
  sql?: string;
}

export interface SqlTabDeps extends CommandContext {
  username: string;
  newTabId?: () => string;
}

/** The events of a decision on one tab (its own aggregate unless a spec names another). */
const on = (tabId: string, specs: Spec[]): Decision<{ tabId: string }> => ({
  tabId,
  events: specs.map(({ aggregateId = tabId, ...spec }) => ({ ...spec, aggregateId })),
});

type TabRule<A extends unknown[]> = (tab: SqlTabRow, all: () => Promise<SqlTabRow[]>, ...args: A) => Spec[] | Refusal | Promise<Spec[] | Refusal>;

/** A decision on an existing tab of this browser; server tabs and unknown ids are refused. */
const onTab = <A extends unknown[]>(deps: SqlTabDeps, rule: TabRule<A>) =>
  mutator(deps, async (tabId: string, ...args: A) => {
    if (isServerTabId(tabId)) return refuse('server-tab', SERVER_TAB_MESSAGE);
    const tab = await deps.db.sqlTabs.get(tabId);
    if (!tab) return refuse('unknown-tab', UNKNOWN_TAB_MESSAGE);
    const decision = await rule(tab, () => deps.db.sqlTabs.toArray(), ...args);
    return Array.isArray(decision) ? on(tabId, decision) : decision;
  });

/** The events opening a new tab, made active: it starts where the active one is unless told. */
function openSpecs({ username, newTabId = ulid }: SqlTabDeps, all: SqlTabRow[], options: NewTabOptions, name: string | undefined): Decision<{ tabId: string }> {
  const id = options.id ?? newTabId();
  const from = all.find((t) => t.id === activeOf(all));
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
  return on(id, [{ type: 'SqlTabOpened', payload }, { type: 'SqlTabActivated', payload: {} }]);
}

/** Undoes or redoes the tab's last edit. Neither may close the last open tab. */
function undoRedo(deps: SqlTabDeps, tabId: string, direction: 'undo' | 'redo'): Promise<SqlTabCommandResult> {
  const { db } = deps;
  return inLog(db, async () => {
    if (isServerTabId(tabId)) return refuse('server-tab', SERVER_TAB_MESSAGE);
    if (!(await db.sqlTabs.get(tabId))) return refuse('unknown-tab', UNKNOWN_TAB_MESSAGE);
    const history = await aggregateHistory(db, tabId); // a tab's events are its own aggregate
    const invert = sqlTabInverse(history);
    const state = undoState(history, invert);
    const next = direction === 'undo' ? state.undoable && invert(state.undoable) : state.redoable;
    if (next?.type === 'SqlTabClosed' && !canClose(await db.sqlTabs.toArray(), tabId)) return refuse('last-tab', LAST_TAB_MESSAGE);
    const events = await (direction === 'undo' ? undo : redo)(db, deps.identity, tabId, invert);
    return { ok: true as const, tabId, events };
  });
}

/** Opening, restoring, closing and reopening tabs: the commands that decide which tabs are open and active. */
function tabLifecycle(deps: SqlTabDeps) {
  const { db } = deps;
  /**
   * A new tab, made active. Without a name it is the next free `Untitled N`; without a location, the
   * active tab's. An id already known brings that tab to the front (reopening it if closed).
   */
  const openTab = mutator(deps, async (options: NewTabOptions = {}) => {
    if (options.id !== undefined && isServerTabId(options.id)) return refuse('server-tab', SERVER_TAB_MESSAGE);
    const check = options.name === undefined ? undefined : validateTabName(options.name);
    if (check && !check.ok) return refuse('invalid-name', check.message);
    const all = await db.sqlTabs.toArray();
    const existing = all.find((t) => t.id === options.id);
    if (existing) return on(existing.id, [{ type: existing.isClosed ? 'SqlTabReopened' : 'SqlTabActivated', payload: {} }]);
    return openSpecs(deps, all, options, check?.name);
  });
  /** On load: at least one open tab, one of them active. */
  const restore = mutator(deps, async () => {
    const all = await db.sqlTabs.toArray();
    const plan = planRestore(all);
    if (plan.open) return openSpecs(deps, all, plan.open, plan.open.name);
    if (plan.activate) return on(plan.activate, [{ type: 'SqlTabActivated', payload: {} }]);
    return on(plan.activeId ?? '', []);
  });
  /** Closes a tab; closing the active one activates its previous neighbour. The last open tab stays. */
  const close = onTab(deps, async (tab, tabs) => {
    if (tab.isClosed) return [];
    const all = await tabs();
    if (!canClose(all, tab.id)) return refuse('last-tab', LAST_TAB_MESSAGE);
    const closing: Spec[] = [{ type: 'SqlTabClosed', payload: {} }];
    const next = activeOf(all) === tab.id ? neighbourAfterClose(all, tab.id) : null;
    return next === null ? closing : [...closing, { type: 'SqlTabActivated', aggregateId: next, payload: {} }];
  });
  const reopenThis = onTab(deps, (tab) => (tab.isClosed ? [{ type: 'SqlTabReopened', payload: {} }] : []));
  const reopenLast = mutator(deps, async () => {
    const [last] = closedStack(await db.sqlTabs.where('closedSeq').above(0).toArray());
    return last ? on(last.id, [{ type: 'SqlTabReopened', payload: {} }]) : refuse('no-closed-tab', NO_CLOSED_TAB_MESSAGE);
  });
  return { openTab, restore, close, reopenThis, reopenLast };
}

/**
 * The user's intents on SQL tabs, turned into events. Each command reads and appends in one
 * transaction (mutator), so two browser tabs acting at once see each other's result (one
 * "Untitled 1", never two closes of the last two tabs).
 */
export function createSqlTabCommands(deps: SqlTabDeps) {
  const { openTab, restore, close, reopenThis, reopenLast } = tabLifecycle(deps);
  const always = (type: string) => onTab(deps, (_tab, _all, payload: object) => [{ type, payload }]);
  const schemaChanged = always('SqlTabSchemaChanged');
  const estimated = always('SqlTabEstimated');
  const estimateCleared = always('SqlTabEstimateCleared');

  return {
    restore: () => restore(),
    openTab: (options: NewTabOptions = {}) => openTab(options),
    close: (tabId: string) => close(tabId),
    /** Reopens a closed tab, by default the most recently closed, and activates it: its text, schema and results are as they were. */
    reopen: (tabId?: string) => (tabId === undefined ? reopenLast() : reopenThis(tabId)),
    rename: onTab(deps, (tab, _all, name: string) => {
      const check = validateTabName(name);
      if (!check.ok) return refuse('invalid-name', check.message);
      return tab.name === check.name ? [] : [{ type: 'SqlTabRenamed', payload: { name: check.name } }];
    }),
    tag: onTab(deps, (tab, _all, input: string) => {
      const value = input.trim();
      return value === '' || tab.tags.includes(value) ? [] : [{ type: 'SqlTabTagged', payload: { tag: value } }];
    }),
    untag: onTab(deps, (tab, _all, value: string) => (tab.tags.includes(value) ? [{ type: 'SqlTabUntagged', payload: { tag: value } }] : [])),
    /** Brings an open tab to the front (an empty one gets EMPTY_TAB_SQL). */
    activate: onTab(deps, (tab) => (tab.isClosed ? [] : [{ type: 'SqlTabActivated', payload: {} }])),
    /** The UI debounces typing; an unchanged text writes nothing. */
    changeSql: onTab(deps, (tab, _all, sql: string) => (tab.sql === sql ? [] : [{ type: 'SqlTextChanged', payload: { sql } }])),
    changeLocation: (tabId: string, location: SqlTabLocation) => schemaChanged(tabId, { ...location }),
    setFavorite: onTab(deps, (tab, _all, favorite: boolean) =>
      tab.isFavorite === favorite ? [] : [{ type: favorite ? 'SqlTabFavorited' : 'SqlTabUnfavorited', payload: {} }],
    ),
    /** Keeps the server's estimate on the tab; null clears it (a cancelled run). */
    recordEstimate: (tabId: string, estimate: SqlTabEstimate | null) => (estimate === null ? estimateCleared(tabId, {}) : estimated(tabId, { ...estimate })),
    undo: (tabId: string) => undoRedo(deps, tabId, 'undo'),
    redo: (tabId: string) => undoRedo(deps, tabId, 'redo'),
  };
}

export type SqlTabCommands = ReturnType<typeof createSqlTabCommands>;
