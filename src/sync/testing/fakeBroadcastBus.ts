import type { Broadcast } from '../tabs/broadcast';

/**
 * An in-memory BroadcastChannel of one name for tests: a post reaches every other open member,
 * never the sender, on a later microtask (like the real channel, never synchronously).
 */
export function createFakeBroadcastBus<M>() {
  const members = new Set<Set<(message: M) => void>>();
  return {
    open(): Broadcast<M> {
      const listeners = new Set<(message: M) => void>();
      members.add(listeners);
      return {
        post(message) {
          if (!members.has(listeners)) return;
          for (const other of members) {
            if (other !== listeners) other.forEach((listener) => queueMicrotask(() => listener(structuredClone(message))));
          }
        },
        subscribe(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        close: () => members.delete(listeners),
      };
    },
  };
}
