export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Rejects when `work` takes longer than `ms`, so a stuck page can never hang the bench. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`bench: ${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
