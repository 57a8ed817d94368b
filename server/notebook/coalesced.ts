/**
 * Wraps a task so that concurrent callers share runs: each caller gets a run that started
 * after it asked; callers arriving while one runs share the next, which starts when it ends.
 */
export function coalesced<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<unknown> = Promise.resolve();
  let next: Promise<T> | null = null;
  return () => {
    if (next) return next;
    const run = running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return task();
      });
    next = run;
    running = run;
    return run;
  };
}
