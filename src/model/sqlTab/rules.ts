import type { SqlTabRow } from '../rows';

/**
 * The SQL workbench's tab rules, as pure functions over tab rows. The commands (sqlTabs.ts) and
 * the projection (projections/sqlTabs.ts) apply them; the UI shows the messages as they are.
 */

export const LAST_TAB_MESSAGE = 'You cannot close the last tab.';
export const EMPTY_TAB_NAME_MESSAGE = 'A tab name cannot be empty.';
export const MAX_TAB_NAME_LENGTH = 100;
export const TAB_NAME_TOO_LONG_MESSAGE = `A tab name can have at most ${MAX_TAB_NAME_LENGTH} characters.`;
export const SERVER_TAB_MESSAGE = 'Tabs with a numeric id belong to the server and are not kept in this browser.';
export const NO_CLOSED_TAB_MESSAGE = 'There is no closed tab to reopen.';
export const UNKNOWN_TAB_MESSAGE = 'This tab does not exist (any more).';

/** The text of a tab made because there was none. */
export const NEW_TAB_SQL = 'Select ...';
/** What an empty tab shows once it is activated (as Superset SQL Lab does). */
export const EMPTY_TAB_SQL = 'SELECT * from DEFAULT;';
export const UNTITLED_TAB_PREFIX = 'Untitled';

/** Superset's server-side tab state uses numeric ids; those tabs live on the server, never in the log. */
export function isServerTabId(id: string): boolean {
  return /^\d+$/.test(id);
}

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/** A tab name as the user typed it: trimmed, not empty, at most 100 characters. Names need not be unique. */
export function validateTabName(input: string): NameCheck {
  const name = input.trim();
  if (name === '') return { ok: false, message: EMPTY_TAB_NAME_MESSAGE };
  // Characters, not UTF-16 units: an emoji counts once, as it does in the server's VARCHAR(100).
  if ([...name].length > MAX_TAB_NAME_LENGTH) return { ok: false, message: TAB_NAME_TOO_LONG_MESSAGE };
  return { ok: true, name };
}

/** `Untitled N` with the smallest N ≥ 1 that no given name uses. */
export function untitledTabName(names: Iterable<string>): string {
  const pattern = new RegExp(`^${UNTITLED_TAB_PREFIX} ([1-9]\\d*)$`);
  const taken = new Set<number>();
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) taken.add(Number(match[1]));
  }
  let n = 1;
  while (taken.has(n)) n++;
  return `${UNTITLED_TAB_PREFIX} ${n}`;
}

/** The text a tab has once activated: an empty one gets something to run. */
export function sqlOnActivate(sql: string): string {
  return sql.trim() === '' ? EMPTY_TAB_SQL : sql;
}

const byOrder = (a: SqlTabRow, b: SqlTabRow) => a.order - b.order;

/** The open tabs in tab-bar order. */
export function openInOrder(tabs: readonly SqlTabRow[]): SqlTabRow[] {
  return tabs.filter((t) => !t.isClosed).sort(byOrder);
}

/** The active tab: the open one activated last; null when no open tab was ever activated. */
export function activeOf(tabs: readonly SqlTabRow[]): string | null {
  let active: SqlTabRow | null = null;
  for (const tab of tabs) {
    if (tab.isClosed || tab.activatedSeq === undefined) continue;
    if (!active || tab.activatedSeq > (active.activatedSeq ?? 0)) active = tab;
  }
  return active?.id ?? null;
}

/** Closed tabs, most recently closed first (the reopen stack). */
export function closedStack(tabs: readonly SqlTabRow[]): SqlTabRow[] {
  return tabs.filter((t) => t.isClosed).sort((a, b) => (b.closedSeq ?? 0) - (a.closedSeq ?? 0));
}

/**
 * Which tab becomes active when `closingId` closes: its previous neighbour in the tab bar, else
 * the first one remaining, else none.
 */
export function neighbourAfterClose(open: readonly SqlTabRow[], closingId: string): string | null {
  const ordered = openInOrder(open);
  const index = ordered.findIndex((t) => t.id === closingId);
  const rest = ordered.filter((t) => t.id !== closingId);
  if (rest.length === 0) return null;
  return index > 0 ? ordered[index - 1].id : rest[0].id;
}

/** Whether closing this tab is allowed: never the last open one. */
export function canClose(open: readonly SqlTabRow[], closingId: string): boolean {
  return openInOrder(open).some((t) => t.id !== closingId);
}

/** What loading the workbench must do so the user sees at least one tab, one of them active. */
export interface RestorePlan {
  /** Open tabs in order, each id once, no server (numeric) tabs. */
  tabs: SqlTabRow[];
  activeId: string | null;
  /** A tab to open because there is none. */
  open?: { name: string; sql: string };
  /** A tab to activate because none is. */
  activate?: string;
}

export function planRestore(tabs: readonly SqlTabRow[]): RestorePlan {
  const seen = new Set<string>();
  const unique = openInOrder(tabs).filter((t) => {
    if (seen.has(t.id) || isServerTabId(t.id)) return false;
    seen.add(t.id);
    return true;
  });
  if (unique.length === 0) return { tabs: [], activeId: null, open: { name: untitledTabName([]), sql: NEW_TAB_SQL } };
  const activeId = activeOf(unique);
  if (activeId !== null) return { tabs: unique, activeId };
  return { tabs: unique, activeId: unique[0].id, activate: unique[0].id };
}
