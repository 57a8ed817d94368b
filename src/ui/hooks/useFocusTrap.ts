import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal's focus: `initial` (else the first focusable element) gets it when the modal opens, Tab
 * and Shift+Tab cycle inside it, and it goes back where it was when the modal closes. Returns the
 * modal's keydown handler.
 */
export function useFocusTrap(root: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    (initial?.current ?? root.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => before?.focus?.();
  }, [root, initial]);

  return (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !root.current) return;
    const inside = [...root.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const [first, last] = [inside[0], inside.at(-1)];
    if (!first || !last) return;
    const at = document.activeElement;
    if (event.shiftKey && (at === first || !root.current.contains(at))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (at === last || !root.current.contains(at))) {
      event.preventDefault();
      first.focus();
    }
  };
}
