import { useLiveQuery } from 'dexie-react-hooks';
import type { Reads } from '../../db/reads';
import { useSignedIn } from '../appContext';

/**
 * The screens' one door to IndexedDB, and the only module of src/ui that may import
 * dexie-react-hooks (eslint.config.js): a live query over the session's read functions
 * (src/db/reads.ts). It runs again whenever a table it read changes, in this browser tab or
 * another, so every tab shows the same thing. Screens never see the database itself.
 */
export function useLive<T>(read: (reads: Reads) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const { reads } = useSignedIn();
  // `read` is an inline function: `deps` are what it reads with.
  return useLiveQuery(() => read(reads), [reads, ...deps]);
}
