import type { TabLocks } from '../typingJournal';

/** Web Locks as the typing journal uses them, in memory: `close` is a tab going away (its locks let go). */
export function memoryTabLocks(): TabLocks & { close: (tabId: string) => void } {
  const held = new Set<string>();
  return {
    request(name, callback) {
      held.add(name);
      return callback();
    },
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
    close: (tabId) => void held.delete(`console-tab:${tabId}`),
  };
}
