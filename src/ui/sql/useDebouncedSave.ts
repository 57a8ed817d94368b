import { useEffect, useRef } from 'react';

/** Typing pauses this long before the text becomes an event in the log. */
export const TEXT_SAVE_DELAY_MS = 400;

/**
 * A setter that saves the editor's text after a pause in typing, and at once when the tab goes
 * away (unmount, page hide), so no keystroke is lost.
 */
export function useDebouncedSave(save: (text: string) => void): (text: string) => void {
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const flush = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (pending.current !== null) saveRef.current(pending.current);
      pending.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  return (text: string) => {
    pending.current = text;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (pending.current !== null) saveRef.current(pending.current);
      pending.current = null;
    }, TEXT_SAVE_DELAY_MS);
  };
}
