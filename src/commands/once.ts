/**
 * Made once, on first use, and kept: the lazily loaded parts of a session (the SQL workbench, the
 * catalog, the BI API). Its own module, so the login route's code (main.tsx) imports nothing else
 * of the application layer with it.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null; // a failed load (the chunk did not come) is tried again next time
      throw error;
    });
    return made;
  };
}
