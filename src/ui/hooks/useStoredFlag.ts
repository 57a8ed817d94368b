import { useCallback, useState } from 'react';

/** The part of the Web Storage API a flag needs (localStorage; a fake in tests). */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** This browser's localStorage, or null where there is none or it is refused (server rendering, some private modes). */
function browserStorage(): FlagStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored flag, or `fallback` when none is stored (or it cannot be read). */
export function readFlag(storage: FlagStorage | null, key: string, fallback: boolean): boolean {
  try {
    const stored = storage?.getItem(key);
    return stored === 'true' ? true : stored === 'false' ? false : fallback;
  } catch {
    return fallback;
  }
}

/** Stores the flag; where storage refuses, the choice lasts as long as the page. */
export function writeFlag(storage: FlagStorage | null, key: string, value: boolean): void {
  try {
    storage?.setItem(key, String(value));
  } catch {
    // Nothing to do: the state in memory still holds the choice.
  }
}

/** A yes/no preference remembered in this browser under `key`; `fallback` until the user sets it. */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(browserStorage(), key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      writeFlag(browserStorage(), key, next);
    },
    [key],
  );
  return [value, set];
}
