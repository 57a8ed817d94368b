/** Queues a task and answers its result: see serial(). */
export type Serial = <T>(task: () => T | Promise<T>) => Promise<T>;

/**
 * A queue that runs its tasks strictly one at a time, in the order they were queued (in the
 * manner of Actual Budget's sequential()): each starts once the one before it has settled. A
 * failed task rejects its own caller only; the tasks after it still run.
 */
export function serial(): Serial {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => T | Promise<T>): Promise<T> => {
    const next = tail.then(task);
    tail = next.catch(() => undefined);
    return next;
  };
}
