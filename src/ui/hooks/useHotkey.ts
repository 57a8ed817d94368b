import { useEffect } from 'react';

/** Ctrl+<key> or Cmd+<key> anywhere in the page. */
export function useModHotkey(key: string, onPress: () => void) {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === key) {
        event.preventDefault();
        onPress();
      }
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [key, onPress]);
}
