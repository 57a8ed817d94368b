import type { Typed } from '../model/notebookDoc/textMerge';

/**
 * Typing the editor has not yet written as an edit (it writes one per pause), kept at once in
 * localStorage, whose writes are synchronous: a tab that crashes mid-sentence loses nothing, and
 * the next open of the notebook writes what is found here as an edit. Not data of its own: each
 * entry is gone once the log holds its text. Entries are per tab (two tabs typing in one cell
 * each keep their own), with the text the typing was made from, so the recovered typing merges
 * with what the cell holds by then; only a tab that is gone has its typing recovered.
 */
export interface TypingJournal {
  /**
   * Keeps the typing (`size` characters, base and text, made by `read` only if kept): above
   * JOURNAL_MAX_CHARS it is not kept, and the tab's older entry goes (a crash then loses what
   * was typed since the last pause, at most 400 ms of it).
   */
  note(docId: string, cellId: string, size: number, read: () => Typed): void;
  /** The log holds `typed` for the cell now: this tab's entry goes if it says the same. */
  settled(docId: string, cellId: string, typed: Typed): void;
  /** Entries of tabs that are gone (crashed or closed mid-pause), each with what forgets it once written. */
  pending(docId: string): Promise<{ cellId: string; typed: Typed; forget: () => void }[]>;
}

/** The part of Web Locks the journal needs (navigator.locks fits it): a tab's lock says it is alive. */
export interface TabLocks {
  request(name: string, callback: () => Promise<void>): Promise<void>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

const PREFIX = 'console.typing.';
/**
 * The most a kept entry holds: localStorage has about 5 million characters for the whole origin, and
 * writing a 5 MB cell's text at every key stalls typing (measured: ~100 ms a key).
 */
export const JOURNAL_MAX_CHARS = 500_000;
const LOCK_PREFIX = 'console-tab:';

const keyOf = (docId: string, cellId: string, tabId: string) => `${PREFIX}${docId}.${cellId}.${tabId}`;

/** localStorage, or null where the browser refuses it (some private modes throw on access). */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function parsed(text: string | null): Typed | null {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<Typed> | null;
    return typeof value?.base === 'string' && typeof value.text === 'string' ? { base: value.base, text: value.text } : null;
  } catch {
    return null;
  }
}

/** The tabs holding their lock now; without Web Locks (plain http), none but this one is known alive. */
async function aliveTabs(locks: TabLocks | undefined): Promise<Set<string>> {
  const held = locks ? ((await locks.query()).held ?? []) : [];
  return new Set(held.flatMap(({ name }) => (name?.startsWith(LOCK_PREFIX) ? [name.slice(LOCK_PREFIX.length)] : [])));
}

export function createTypingJournal(storage: Storage | null, tabId: string, locks: TabLocks | undefined = globalThis.navigator?.locks): TypingJournal {
  // Held for the tab's life: the browser lets it go when the tab closes or crashes.
  void locks?.request(`${LOCK_PREFIX}${tabId}`, () => new Promise<void>(() => {})).catch(() => {});
  const attempt = (write: (store: Storage) => void) => {
    try {
      if (storage) write(storage);
    } catch {
      // Full or refused: the edit at the next pause still lands; only the crash window stays open.
    }
  };
  return {
    note: (docId, cellId, size, read) =>
      attempt((store) => (size > JOURNAL_MAX_CHARS ? store.removeItem(keyOf(docId, cellId, tabId)) : store.setItem(keyOf(docId, cellId, tabId), JSON.stringify(read())))),
    settled: (docId, cellId, typed) =>
      attempt((store) => store.getItem(keyOf(docId, cellId, tabId)) === JSON.stringify(typed) && store.removeItem(keyOf(docId, cellId, tabId))),
    async pending(docId) {
      if (!storage) return [];
      const alive = await aliveTabs(locks);
      alive.add(tabId);
      const prefix = `${PREFIX}${docId}.`;
      const found: { cellId: string; typed: Typed; forget: () => void }[] = [];
      // Keys first: forgetting one while walking the indices would skip the next.
      const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key?.startsWith(prefix) === true);
      for (const key of keys) {
        const [cellId, owner] = key.slice(prefix.length).split('.');
        if (owner !== undefined && alive.has(owner)) continue;
        const typed = parsed(storage.getItem(key));
        const forget = () => attempt((store) => store.removeItem(key));
        if (owner !== undefined && typed) found.push({ cellId, typed, forget });
        else forget(); // an entry of an older console (text only, no tab) or a damaged one
      }
      return found;
    },
  };
}
