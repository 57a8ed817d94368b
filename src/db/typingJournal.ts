/**
 * Typing the editor has not yet written as an edit (it writes one per pause), kept at once in
 * localStorage, whose writes are synchronous: a tab that crashes mid-sentence loses nothing, and
 * the next open of the notebook writes what is found here as an edit. Not data of its own: each
 * entry is gone once the log holds its text.
 */
export interface TypingJournal {
  note(docId: string, cellId: string, text: string): void;
  /** The log holds `text` for the cell now: the entry goes if it says the same. */
  settled(docId: string, cellId: string, text: string): void;
  pending(docId: string): { cellId: string; text: string }[];
}

const PREFIX = 'console.typing.';

const keyOf = (docId: string, cellId: string) => `${PREFIX}${docId}.${cellId}`;

/** localStorage, or null where the browser refuses it (some private modes throw on access). */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function createTypingJournal(storage: Storage | null): TypingJournal {
  const attempt = (write: (store: Storage) => void) => {
    try {
      if (storage) write(storage);
    } catch {
      // Full or refused: the edit at the next pause still lands; only the crash window stays open.
    }
  };
  return {
    note: (docId, cellId, text) => attempt((store) => store.setItem(keyOf(docId, cellId), text)),
    settled: (docId, cellId, text) => attempt((store) => store.getItem(keyOf(docId, cellId)) === text && store.removeItem(keyOf(docId, cellId))),
    pending(docId) {
      if (!storage) return [];
      const prefix = `${PREFIX}${docId}.`;
      const found: { cellId: string; text: string }[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        const text = key?.startsWith(prefix) ? storage.getItem(key) : null;
        if (key && text !== null) found.push({ cellId: key.slice(prefix.length), text });
      }
      return found;
    },
  };
}
