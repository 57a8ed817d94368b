import { useEffect, useState } from 'react';

/** What a lazily loaded service resolves to (null until then); `load` should be stable and cached by its owner. */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((loaded) => live && setValue(() => loaded));
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}
