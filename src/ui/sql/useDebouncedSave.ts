import { useEffect, useRef, useState } from 'react';

/** Typing pauses this long before the text becomes an event in the log. */
export const TEXT_SAVE_DELAY_MS = 400;

/** The debounced setter, and `flush`: the pending text saved now (before an action reads the tab). */
export interface DebouncedSave {
  save(text: string): void;
  flush(): void;
}

/**
 * A setter that saves the editor's text after a pause in typing, and at once when the tab goes
 * away (unmount, page hide) or `flush` is called, so no keystroke is lost.
 */
export function useDebouncedSave(save: (text: string) => void): DebouncedSave {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const [saver] = useState<DebouncedSave>(() => {
    let pending: string | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (pending !== null) saveRef.current(pending);
      pending = null;
    };
    return {
      flush,
      save: (text) => {
        pending = text;
        if (timer) clearTimeout(timer);
        timer = setTimeout(flush, TEXT_SAVE_DELAY_MS);
      },
    };
  });
  useEffect(() => {
    window.addEventListener('pagehide', saver.flush);
    return () => {
      window.removeEventListener('pagehide', saver.flush);
      saver.flush();
    };
  }, [saver]);
  return saver;
}
