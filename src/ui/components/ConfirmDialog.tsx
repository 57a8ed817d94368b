import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface ConfirmQuestion {
  title: string;
  text: string;
  /** The confirming button's words (the action's name). */
  confirm: string;
}

/**
 * Asks before an action that loses work (a kernel's variables, a server's kernels). The safe
 * answer has the focus, so Enter right after the key that asked (0 0) changes nothing.
 */
export function ConfirmDialog({ question, onConfirm, onCancel }: { question: ConfirmQuestion; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Focus goes back where it was (the notebook's cells for 0 0, the button clicked) when the dialog closes.
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => before?.focus();
  }, []);
  // On the page's body: a toolbar's styles (no wrapping, its own stacking) never reach it.
  return createPortal(
    <div
      className="modal-backdrop"
      onKeyDown={(event) => {
        // The notebook's command-mode keys stay out while the dialog asks.
        event.stopPropagation();
        if (event.key === 'Escape') onCancel();
      }}
    >
      <div className="modal card" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <h2 id={`${id}-title`}>{question.title}</h2>
        <p id={`${id}-text`}>{question.text}</p>
        <div className="modal-actions">
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button primary danger-fill" onClick={onConfirm}>
            {question.confirm}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
