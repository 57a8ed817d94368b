// The notebook editor's tabs (aggregate id: `notebook-tabs`, one strip per device); importers read them through events.ts.
import type { ConsoleEvent } from '../consoleEvent';

export const NOTEBOOK_TABS_AGGREGATE = 'notebook-tabs';

/**
 * Which notebooks are open as tabs in the editor, by doc id (a doc follows its notebook through
 * renames, so a tab does too). Opening an open tab activates it; opening a closed one brings it
 * back at the end of the strip.
 */
export type NotebookTabEvent =
  | ConsoleEvent<{ docId: string }> & { type: 'NotebookTabOpened' }
  | ConsoleEvent<{ docId: string }> & { type: 'NotebookTabActivated' }
  | ConsoleEvent<{ docId: string }> & { type: 'NotebookTabClosed' };

const NOTEBOOK_TAB_TYPES: ReadonlySet<string> = new Set<NotebookTabEvent['type']>(['NotebookTabOpened', 'NotebookTabActivated', 'NotebookTabClosed']);

export function isNotebookTabEvent(event: ConsoleEvent): event is NotebookTabEvent {
  return event.aggregateId === NOTEBOOK_TABS_AGGREGATE && NOTEBOOK_TAB_TYPES.has(event.type);
}
