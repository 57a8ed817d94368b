import type { LineReader } from './pageLines';

/** How long a reader stopped after a page waits for the next page before its stream is cancelled. */
export const HELD_MS = 30_000;
/** Readers held at most (each holds one upstream stream open); the oldest goes first. */
export const HELD_MAX = 16;

export interface HeldReader {
  reader: LineReader;
  /** Stops the upstream call behind the reader. */
  abort: AbortController;
}

/**
 * Readers of log streams stopped after a page, by log and reader (the role's Airflow account), so
 * the next page goes on from where the last one stopped instead of Airflow streaming the log from
 * its top again: paging a long log reads it once. A reader is taken out while it reads (two tabs
 * asking for the same page open their own).
 */
export function createHeldReaders(heldMs = HELD_MS, max = HELD_MAX) {
  const held = new Map<string, HeldReader & { timer: NodeJS.Timeout }>();
  const drop = (entry: HeldReader) => {
    entry.abort.abort();
    void entry.reader.close().catch(() => undefined);
  };
  return {
    /** The reader for this log that stopped at `cursor`, if one is held. */
    take(key: string, cursor: number): HeldReader | undefined {
      const entry = held.get(key);
      if (!entry || entry.reader.position !== cursor) return undefined;
      held.delete(key);
      clearTimeout(entry.timer);
      return entry;
    },
    keep(key: string, entry: HeldReader): void {
      const before = held.get(key);
      if (before) {
        clearTimeout(before.timer);
        drop(before);
      }
      const timer = setTimeout(() => {
        held.delete(key);
        drop(entry);
      }, heldMs);
      timer.unref();
      held.set(key, { ...entry, timer });
      for (const [oldest, value] of held) {
        if (held.size <= max) break;
        held.delete(oldest);
        clearTimeout(value.timer);
        drop(value);
      }
    },
    size: () => held.size,
  };
}
