import { isNotebookTabEvent, type ConsoleEvent } from '../events';
import type { NotebookTabRow } from '../rows';
import type { TableProjection } from '../projectionTypes';

function seqOf(event: ConsoleEvent): number {
  if (event.seq === undefined) throw new Error(`notebookTabs: event ${event.id} has no seq (append assigns it)`);
  return event.seq;
}

/**
 * One row per notebook opened as a tab on this device (keyed by doc id). Order, closing and
 * activation are the seqs of the events that did them, so the strip follows from the rows alone.
 */
export const notebookTabs: TableProjection<NotebookTabRow> = {
  table: 'notebookTabs',

  keyOf(event: ConsoleEvent): string | null {
    return isNotebookTabEvent(event) ? event.payload.docId : null;
  },

  apply(row: NotebookTabRow | undefined, event: ConsoleEvent): NotebookTabRow | undefined {
    if (!isNotebookTabEvent(event)) return row;
    const seq = seqOf(event);
    switch (event.type) {
      case 'NotebookTabOpened':
        // Open already: just brought to the front. Closed or new: at the end of the strip.
        return row && !row.isClosed ? { ...row, activatedSeq: seq } : { id: event.payload.docId, order: seq, isClosed: false, activatedSeq: seq };
      case 'NotebookTabActivated':
        return row && !row.isClosed ? { ...row, activatedSeq: seq } : row;
      case 'NotebookTabClosed': {
        if (!row || row.isClosed) return row;
        const { activatedSeq: _activated, ...rest } = row;
        return { ...rest, isClosed: true, closedSeq: seq };
      }
    }
  },
};
