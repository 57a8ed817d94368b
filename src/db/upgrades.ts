import type { Transaction } from 'dexie';
import type { ConsoleEvent } from '../model/events';
import { CARRIED_SAVE, saves, type SaveRow } from '../model/saves/projection';

/** A save as the service worker's outbox (versions 2–4) kept it. */
interface OutboxRow {
  seq?: number;
  key: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  label: string;
  changeId?: string;
  createdAt: number;
  state: 'queued' | 'failed';
  status?: number;
  error?: string;
}

const CHUNK = 5_000;

/** Runs every event through the saves projection, a chunk at a time (the table is new and empty). */
async function buildSaves(tx: Transaction): Promise<void> {
  const rows = new Map<string, SaveRow | undefined>();
  for (let after = 0; ; ) {
    const chunk = (await tx.table('events').where('seq').above(after).limit(CHUNK).toArray()) as ConsoleEvent[];
    if (chunk.length === 0) break;
    for (const event of chunk) {
      const key = saves.keyOf(event);
      if (key !== null) rows.set(key, saves.apply(rows.get(key), event));
    }
    after = chunk[chunk.length - 1].seq as number;
  }
  await tx.table('saves').bulkPut([...rows.values()].filter((row) => row !== undefined));
}

/** Only the path of a same-origin URL, so the save can go in a batch like the others. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/**
 * A save the outbox held that is not a change in the log (saved queries were not events before)
 * becomes an event of its own, so nothing queued is lost; the sender sends it as it was, under its
 * own Idempotency-Key. Saves of changes in the log need nothing: the log already says they wait.
 */
async function carryOutbox(tx: Transaction): Promise<void> {
  const rows = ((await tx.table('outbox').toArray()) as OutboxRow[]).filter((row) => !row.changeId);
  const clientId = ((await tx.table('uiState').get('clientId')) as { value?: unknown } | undefined)?.value;
  const stamp = { clientId: typeof clientId === 'string' ? clientId : 'upgrade', tabId: 'upgrade', origin: 'replay' as const, v: 1 };
  for (const row of rows) {
    const event: ConsoleEvent = {
      ...stamp,
      id: `outbox:${row.key}`,
      type: CARRIED_SAVE,
      aggregateId: 'saves',
      at: row.createdAt,
      payload: { key: row.key, method: row.method, url: pathOf(row.url), headers: row.headers, body: row.body, label: row.label },
    };
    const carried = [event];
    if (row.state === 'failed') {
      const payload = { changeId: event.id, status: row.status ?? 0, message: row.error ?? 'The server refused this save.', attempt: 0 };
      carried.push({ ...stamp, id: `${event.id}:failed`, type: 'SaveFailed', aggregateId: 'saves', at: row.createdAt, payload });
    }
    let save: SaveRow | undefined;
    for (const one of carried) save = saves.apply(save, { ...one, seq: (await tx.table('events').add(one)) as number });
    await tx.table('saves').put(save as SaveRow);
  }
}

/** Version 5: the log is the one queue of saves (see schema.ts). */
export async function carrySavesOver(tx: Transaction): Promise<void> {
  await buildSaves(tx);
  await carryOutbox(tx);
}
