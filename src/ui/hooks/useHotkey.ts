import { useEffect } from 'react';

interface HotkeyOptions {
  shift?: boolean;
  alt?: boolean;
  /** Leave the keystroke to text fields (their own undo, for example). */
  ignoreInFields?: boolean;
  /** Before the page's own handlers, and kept from them (Monaco takes Ctrl+K as the start of its chords). */
  capture?: boolean;
}

function inField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** Ctrl+<key> or Cmd+<key> anywhere in the page. */
export function useModHotkey(key: string, onPress: () => void, options: HotkeyOptions = {}) {
  const { shift = false, alt = false, ignoreInFields = false, capture = false } = options;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey !== alt || event.shiftKey !== shift) return;
      // With Alt, event.key is a composed character on some layouts; event.code names the key.
      if ((alt ? event.code.replace(/^Key/, '') : event.key).toLowerCase() !== key || (ignoreInFields && inField(event.target))) return;
      event.preventDefault();
      if (capture) event.stopPropagation();
      onPress();
    };
    window.addEventListener('keydown', listener, { capture });
    return () => window.removeEventListener('keydown', listener, { capture });
  }, [key, onPress, shift, alt, ignoreInFields, capture]);
}
