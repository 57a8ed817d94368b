import type { ReactNode } from 'react';

/** The log viewer's on/off icon buttons (match case, regex, wrap, follow): named, pressed or not. */
export function IconToggle({ label, pressed, onToggle, children }: { label: string; pressed: boolean; onToggle: (pressed: boolean) => void; children: ReactNode }) {
  return (
    <button type="button" className="lv-icon lv-toggle" aria-label={label} title={label} aria-pressed={pressed} onClick={() => onToggle(!pressed)}>
      {children}
    </button>
  );
}
