import { useEffect, useId, useRef } from 'react';

/** Asks before an item leaves the trash for good, naming it: this cannot be undone. */
export function ConfirmPurge({ name, onConfirm, onCancel }: { name: string; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  // The safe answer has the focus: Enter right away keeps the item.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <div className="modal card" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <h2 id={`${id}-title`}>Delete “{name}” permanently?</h2>
        <p id={`${id}-text`}>It leaves the trash for good, with everything inside it. This cannot be undone.</p>
        <div className="modal-actions">
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button primary danger-fill" onClick={onConfirm}>
            Delete permanently
          </button>
        </div>
      </div>
    </div>
  );
}
