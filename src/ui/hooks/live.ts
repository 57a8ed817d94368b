import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { startTransition, useRef } from 'react';
import type { Reads } from '../../db/reads';
import { useSignedIn } from '../appContext';

/**
 * The screens' one door to IndexedDB, and the only module of src/ui that may import
 * dexie-react-hooks (eslint.config.js): a live query over the session's read functions
 * (src/db/reads.ts). It runs again whenever a table it read changes, in this browser tab or
 * another, so every tab shows the same thing. Screens never see the database itself.
 *
 * A screen's first answer renders at once (an opened page shows without delay); every later one
 * (the rows of a new search, a page refreshed by the sync worker or another tab) renders at a
 * transition's priority, so it yields to a key or a click instead of holding it up.
 */
export function useLive<T>(read: (reads: Reads) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const { reads } = useSignedIn();
  const answered = useRef(false);
  // `read` is an inline function: `deps` are what it reads with.
  return useObservable(() => handedOn(liveQuery(() => read(reads)), answered), [reads, ...deps]);
}

/** Dexie's live query also tells what it already holds (not in its types): read at once, as useLiveQuery does. */
type LiveQuery<T> = ReturnType<typeof liveQuery<T>> & { hasValue(): boolean; getValue(): T };

/** The live query, its answers after the screen's first handed on inside startTransition. */
function handedOn<T>(observable: ReturnType<typeof liveQuery<T>>, answered: { current: boolean }) {
  const query = observable as LiveQuery<T>;
  const hand = (deliver: () => void) => {
    if (answered.current) return startTransition(deliver);
    answered.current = true;
    deliver();
  };
  return {
    hasValue: () => query.hasValue(),
    getValue: () => query.getValue(),
    subscribe(next: (value: T) => void, error: (reason: unknown) => void) {
      return query.subscribe({ next: (value) => hand(() => next(value)), error: (reason) => hand(() => error(reason)) });
    },
  };
}
