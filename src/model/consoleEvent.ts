/**
 * The event log's shapes. An event is a past-tense fact about something the user authored.
 * `origin` says where it came from: remote and replayed events never push undo entries,
 * trigger outbound saves or show toasts.
 */
export type Origin = 'local' | 'remote' | 'replay';

export interface ConsoleEvent<P = unknown> {
  /** Local order, assigned by IndexedDB on append. */
  seq?: number;
  /** ULID: unique, sortable by creation time. */
  id: string;
  type: string;
  aggregateId: string;
  /** Epoch milliseconds. */
  at: number;
  /** This browser profile (stable across tabs and reloads). */
  clientId: string;
  /** The tab (or 'service-worker') that wrote it. */
  tabId: string;
  origin: Origin;
  /** Schema version of the payload, for upcasting old events. */
  v: number;
  payload: P;
}
