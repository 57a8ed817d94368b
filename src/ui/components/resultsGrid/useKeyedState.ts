import { useCallback, useState } from 'react';

type Update<T> = T | ((previous: T) => T);

/**
 * State that belongs to one `key` (here: one result): when the key changes, the value is `initial`
 * again, during the same render, without an effect and without a remount. Sort, widths and selection
 * of the previous query must not leak into the next one.
 */
export function useKeyedState<T>(key: unknown, initial: T): [T, (update: Update<T>) => void] {
  const [state, setState] = useState<{ key: unknown; value: T }>({ key, value: initial });
  const value = state.key === key ? state.value : initial;
  const set = useCallback(
    (update: Update<T>) =>
      setState((previous) => {
        const current = previous.key === key ? previous.value : initial;
        const next = typeof update === 'function' ? (update as (previous: T) => T)(current) : update;
        return { key, value: next };
      }),
    [key, initial],
  );
  return [value, set];
}
