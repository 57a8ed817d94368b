import { useEffect } from 'react';

interface HotkeyOptions {
  shift?: boolean;
  alt?: boolean;
  /** Leave the keystroke to text fields (their own undo, for example). */
  ignoreInFields?: boolean;
}

function inField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** Ctrl+<key> or Cmd+<key> anywhere in the page. */
export function useModHotkey(key: string, onPress: () => void, options: HotkeyOptions = {}) {
  const { shift = false, alt = false, ignoreInFields = false } = options;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey !== alt || event.shiftKey !== shift) return;
      // With Alt, event.key is a composed character on some layouts; event.code names the key.
      if ((alt ? event.code.replace(/^Key/, '') : event.key).toLowerCase() !== key || (ignoreInFields && inField(event.target))) return;
      event.preventDefault();
      onPress();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [key, onPress, shift, alt, ignoreInFields]);
}
