import { useEffect, useRef } from 'react';

/**
 * How long typing pauses before a search box hands its text on. Searching (the workspace's 10,000
 * items, the catalog's 100,000 names) and redrawing the page cost more than a frame, so a keystroke
 * alone redraws only the box.
 */
export const SEARCH_DELAY_MS = 120;

/** Calls `onPause` with the text once it has not changed for SEARCH_DELAY_MS (the latest `onPause`). */
export function useTypingPause(text: string, onPause: (text: string) => void): void {
  const latest = useRef(onPause);
  useEffect(() => {
    latest.current = onPause;
  });
  useEffect(() => {
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
}
