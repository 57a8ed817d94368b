import { AxiosHeaders, type AxiosResponse } from 'axios';

/** How one save presents itself to the server and to the service worker's queue. */
export interface SaveOptions {
  /** Idempotency-Key: a repeat (a replay) gets the first answer instead of applying twice. */
  key: string;
  /** The event id of the change being saved (X-Console-Change), so a replay can report on it. */
  changeId?: string;
  /** What the user did, in words (X-Console-Label); the queue shows it. */
  label: string;
  /** Only if the server's item is still at this version. */
  ifMatch?: string;
  /** Only if no item exists at the path yet. */
  createOnly?: boolean;
}

/** Saved (with the server's answer), or queued by the service worker for when the network returns. */
export type SaveResult<T> = { queued: false; data: T } | { queued: true; key: string };

export function saveHeaders(options: SaveOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Idempotency-Key': options.key,
    // Header values are Latin-1 only; labels carry file names in any script.
    'X-Console-Label': encodeURIComponent(options.label),
  };
  if (options.changeId) headers['X-Console-Change'] = options.changeId;
  if (options.ifMatch) headers['If-Match'] = options.ifMatch;
  if (options.createOnly) headers['If-None-Match'] = '*';
  return headers;
}

/** The key of a save the service worker queued (its 202 + X-Queued: 1), or null for a real answer. */
export function queuedKey(res: AxiosResponse, options: SaveOptions): string | null {
  if (res.status !== 202 || AxiosHeaders.from(res.headers as AxiosHeaders).get('X-Queued') !== '1') return null;
  const key = (res.data as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : options.key;
}
