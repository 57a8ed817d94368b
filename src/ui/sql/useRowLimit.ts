import { useCallback, useState } from 'react';
import { QUERY_LIMITS } from './QueryToolbar';

const KEY_PREFIX = 'console.sqlLimit.';
export const DEFAULT_ROW_LIMIT = 1000;

/** The kept limit of a tab, when it is one the toolbar offers; else the default. */
export function loadRowLimit(storage: Pick<Storage, 'getItem'> | null, tabId: string): number {
  let text: string | null = null;
  try {
    text = storage?.getItem(KEY_PREFIX + tabId) ?? null;
  } catch {
    // A refused storage: the default.
  }
  const value = Number(text);
  return (QUERY_LIMITS as readonly number[]).includes(value) ? value : DEFAULT_ROW_LIMIT;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A SQL tab's row limit, kept in this browser per tab (as the split is): a UI preference, so it
 * survives a reload without going into the event log.
 */
export function useRowLimit(tabId: string): [number, (limit: number) => void] {
  const [limit, setState] = useState(() => loadRowLimit(browserStorage(), tabId));
  const set = useCallback(
    (next: number) => {
      setState(next);
      try {
        browserStorage()?.setItem(KEY_PREFIX + tabId, String(next));
      } catch {
        // Only a preference: losing it is better than failing the choice.
      }
    },
    [tabId],
  );
  return [limit, set];
}
