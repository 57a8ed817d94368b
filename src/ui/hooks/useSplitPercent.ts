import { useCallback, useState } from 'react';

/** The bounds of a split: neither side can be dragged away entirely. */
export const SPLIT_MIN = 10;
export const SPLIT_MAX = 90;

/** The part of the storage API a preference needs (tests pass a Map-backed one). */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

const KEY_PREFIX = 'console.split.';

export function clampPercent(value: number): number {
  return Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, value));
}

/** The kept percentage, or `fallback` when there is none or it is not a number. */
export function loadPercent(storage: PreferenceStorage | null, key: string, fallback: number): number {
  const text = readQuietly(storage, KEY_PREFIX + key);
  const value = text === null ? NaN : Number(text);
  return Number.isFinite(value) ? clampPercent(value) : fallback;
}

/** Keeps the percentage (rounded to 0.1); a full or refused storage just keeps nothing. */
export function savePercent(storage: PreferenceStorage | null, key: string, value: number): void {
  try {
    storage?.setItem(KEY_PREFIX + key, String(Math.round(value * 10) / 10));
  } catch {
    // Only a layout preference: losing it is better than failing the drag.
  }
}

function readQuietly(storage: PreferenceStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** localStorage, or null where the browser refuses it (some private modes throw on access). */
function browserStorage(): PreferenceStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A split's percentage kept in this browser under `key` (e.g. one per SQL tab): a UI preference,
 * not data, so it lives in localStorage rather than the event log.
 */
export function useSplitPercent(key: string, fallback: number): [number, (value: number) => void] {
  const [state, setState] = useState(() => ({ key, value: loadPercent(browserStorage(), key, fallback) }));
  const value = state.key === key ? state.value : loadPercent(browserStorage(), key, fallback);
  const set = useCallback(
    (next: number) => {
      const clamped = clampPercent(next);
      setState({ key, value: clamped });
      savePercent(browserStorage(), key, clamped);
    },
    [key],
  );
  return [value, set];
}
