import { ulid } from 'ulid';
import type { ConsoleDb, OutboxRow } from '../db/schema';
import type { RecordOutcome } from './outcomes';

/** What the save handler needs; all of it is passed in so tests run without a browser. */
export interface OutboxDeps {
  db: ConsoleDb;
  fetch: (request: Request) => Promise<Response>;
  record: RecordOutcome;
  now?: () => number;
  newKey?: () => string;
}

export interface SaveHandlerDeps extends OutboxDeps {
  /** Called after a save was queued; `behindBacklog` when it queued behind older saves (the network may be fine). */
  onQueued: (behindBacklog: boolean) => void;
}

export const IDEMPOTENCY_KEY = 'idempotency-key';
export const LABEL_HEADER = 'x-console-label';
export const CHANGE_HEADER = 'x-console-change';
export const QUEUED_HEADER = 'X-Queued';

/** Never stored: the outbox lives in IndexedDB, and no credential may be kept in client storage. */
const UNSTORED_HEADERS = new Set(['authorization', 'cookie']);

export const hasQueuedSaves = async (db: ConsoleDb) => (await db.outbox.where('state').equals('queued').count()) > 0;

/**
 * A save from a page. Behind older queued saves it queues too (order matters, across tabs);
 * otherwise it goes to the network, and only a network failure queues it. Any HTTP answer,
 * 4xx and 5xx included, goes back to the page untouched.
 */
export async function handleSave(request: Request, deps: SaveHandlerDeps): Promise<Response> {
  if (await hasQueuedSaves(deps.db)) return queueSave(request, deps, true);
  try {
    return await deps.fetch(request.clone());
  } catch {
    return queueSave(request, deps, false);
  }
}

async function queueSave(request: Request, deps: SaveHandlerDeps, behindBacklog: boolean): Promise<Response> {
  const key = await enqueue(request, deps);
  deps.onQueued(behindBacklog);
  return queuedResponse(key);
}

/** The page's answer for a queued save: 202, X-Queued: 1, {"queued":true,"key":…}. */
export function queuedResponse(key: string): Response {
  return new Response(JSON.stringify({ queued: true, key }), {
    status: 202,
    headers: { 'Content-Type': 'application/json', [QUEUED_HEADER]: '1' },
  });
}

/** Stores the save in the outbox and returns its Idempotency-Key. A key already queued is not stored twice. */
export async function enqueue(request: Request, deps: OutboxDeps): Promise<string> {
  const row = await outboxRowFor(request, deps);
  const stored = await deps.db.transaction('rw', deps.db.outbox, async () => {
    if (await deps.db.outbox.where('key').equals(row.key).count()) return false;
    await deps.db.outbox.add(row);
    return true;
  });
  // The page records 'queued' too; the outcome's id is deterministic, so it is stored once.
  if (stored && row.changeId) await deps.record(row.changeId, { kind: 'queued' });
  return row.key;
}

async function outboxRowFor(request: Request, deps: OutboxDeps): Promise<OutboxRow> {
  const headers = storableHeaders(request.headers);
  const key = headers[IDEMPOTENCY_KEY] || (deps.newKey ?? ulid)();
  headers[IDEMPOTENCY_KEY] = key;
  const body = await request.text();
  const row: OutboxRow = {
    key,
    method: request.method,
    url: request.url,
    headers,
    body: body === '' ? null : body,
    label: labelOf(request),
    createdAt: (deps.now ?? Date.now)(),
    attempts: 0,
    state: 'queued',
  };
  const changeId = request.headers.get(CHANGE_HEADER);
  if (changeId) row.changeId = changeId;
  return row;
}

/** All request headers (lower-case names, as Headers gives them) except credentials. */
function storableHeaders(headers: Headers): Record<string, string> {
  const stored: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!UNSTORED_HEADERS.has(name)) stored[name] = value;
  });
  return stored;
}

/** X-Console-Label is URI-encoded by the page (header values are Latin-1 only). */
function labelOf(request: Request): string {
  const label = request.headers.get(LABEL_HEADER);
  if (label) {
    try {
      return decodeURIComponent(label);
    } catch {
      return label;
    }
  }
  return `${request.method} ${new URL(request.url).pathname}`;
}
