import type { NotebookTabRow } from '../rows';

/**
 * The notebook editor's tab rules (the seed's), as pure functions over tab rows. The commands
 * (src/commands/notebookTabs.ts) apply them; the UI shows the messages as they are.
 */

export const LAST_NOTEBOOK_TAB_MESSAGE = 'You cannot close the last tab.';
export const CODE_MODE_ONLY_MESSAGE = 'New tab creation is only available in code mode.';
export const NO_ACTIVE_TAB_MESSAGE = 'No active tab to rename';
export const ACTIVE_TAB_NOT_FOUND_MESSAGE = 'Active tab not found';
export const RENAME_FAILED_MESSAGE = 'Failed to rename tab';
export const renamedMessage = (name: string) => `Tab renamed to "${name}"`;

/** The open tabs in strip order. */
export function openInOrder(tabs: readonly NotebookTabRow[]): NotebookTabRow[] {
  return tabs.filter((t) => !t.isClosed).sort((a, b) => a.order - b.order);
}

/** The open tab activated last on this device; null when none is open. */
export function lastActive(tabs: readonly NotebookTabRow[]): string | null {
  const open = openInOrder(tabs);
  return open.reduce<NotebookTabRow | null>((best, t) => (best === null || (t.activatedSeq ?? 0) > (best.activatedSeq ?? 0) ? t : best), null)?.id ?? null;
}

/** Whether closing this tab is allowed: never the last open one. */
export function canClose(tabs: readonly NotebookTabRow[], closingId: string): boolean {
  return openInOrder(tabs).some((t) => t.id !== closingId);
}

/** The tab shown once `closingId` closes: its previous neighbour in the strip, else the next; null when none is left. */
export function neighbourAfterClose(tabs: readonly NotebookTabRow[], closingId: string): string | null {
  const ordered = openInOrder(tabs);
  const index = ordered.findIndex((t) => t.id === closingId);
  const rest = ordered.filter((t) => t.id !== closingId);
  if (rest.length === 0) return null;
  return index > 0 ? ordered[index - 1].id : rest[0].id;
}

/** The notebook name a tab is renamed to: trimmed, `.ipynb` added when left out; null when there is nothing to do (empty or unchanged). */
export function renameTarget(input: string, currentName: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const name = trimmed.endsWith('.ipynb') ? trimmed : `${trimmed}.ipynb`;
  return name === currentName || trimmed === currentName ? null : name;
}
