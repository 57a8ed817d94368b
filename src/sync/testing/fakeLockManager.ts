import type { LockRequester } from '../tabs/leader';

interface Waiter {
  grant: () => void;
}

/**
 * An in-memory stand-in for navigator.locks with exclusive locks only: one holder per name, the
 * rest queued in order, a queued request abortable by its signal. Shared by several fake "tabs".
 */
export function createFakeLockManager(): LockRequester & { holders(name: string): number; waiting(name: string): number } {
  const held = new Set<string>();
  const queues = new Map<string, Waiter[]>();
  const queueOf = (name: string) => queues.get(name) ?? queues.set(name, []).get(name)!;

  function grantNext(name: string): void {
    if (held.has(name)) return;
    queueOf(name).shift()?.grant();
  }

  return {
    request(name, options, callback) {
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          grant: () => {
            held.add(name);
            options.signal?.removeEventListener('abort', onAbort);
            callback({ name, mode: 'exclusive' } as Lock)
              .then(resolve, reject)
              .finally(() => {
                held.delete(name);
                grantNext(name);
              });
          },
        };
        const onAbort = () => {
          const queue = queueOf(name);
          queue.splice(queue.indexOf(waiter), 1);
          reject(new DOMException('The request was aborted.', 'AbortError'));
        };
        if (options.signal?.aborted) return onAbort();
        options.signal?.addEventListener('abort', onAbort, { once: true });
        queueOf(name).push(waiter);
        grantNext(name);
      });
    },
    holders: (name) => (held.has(name) ? 1 : 0),
    waiting: (name) => queueOf(name).length,
  };
}
