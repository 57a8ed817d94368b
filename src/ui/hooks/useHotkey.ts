import { useEffect } from 'react';

interface HotkeyOptions {
  shift?: boolean;
  /** Leave the keystroke to text fields (their own undo, for example). */
  ignoreInFields?: boolean;
}

function inField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** Ctrl+<key> or Cmd+<key> anywhere in the page. */
export function useModHotkey(key: string, onPress: () => void, options: HotkeyOptions = {}) {
  const { shift = false, ignoreInFields = false } = options;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey !== shift) return;
      if (event.key.toLowerCase() !== key || (ignoreInFields && inField(event.target))) return;
      event.preventDefault();
      onPress();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [key, onPress, shift, ignoreInFields]);
}
