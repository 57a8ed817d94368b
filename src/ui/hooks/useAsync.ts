import { useEffect, useState } from 'react';

/** Loads an async value whenever its inputs change; null while loading; the error text when it failed. */
export function useAsync<T>(load: (() => Promise<T>) | null, deps: unknown[]): { value: T | null; error: string | null } {
  const key = JSON.stringify(deps.map((d) => (typeof d === 'object' ? null : d)));
  const [state, setState] = useState<{ key: string; value: T | null; error: string | null }>({ key: '', value: null, error: null });
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (value) => live && setState({ key, value, error: null }),
      (error: unknown) => live && setState({ key, value: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ...deps]);
  // An answer for other inputs (the previous database, say) is not shown while the new one loads.
  return state.key === key ? state : { value: null, error: null };
}
