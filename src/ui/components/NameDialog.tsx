import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

interface Props {
  title: string;
  label: string;
  initial: string;
  confirm: string;
  /** Returns an error message for a bad name, or null. */
  validate: (name: string) => string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** A small modal asking for a name (new folder, new notebook, rename). */
export function NameDialog({ title, label, initial, confirm, validate, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const input = inputRef.current;
    input?.focus();
    // Select the name without its extension, as file browsers do.
    const dot = initial.lastIndexOf('.');
    input?.setSelectionRange(0, dot > 0 ? dot : initial.length);
  }, [initial]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(name.trim());
    if (problem) {
      setError(problem);
      return;
    }
    onSubmit(name.trim());
  };

  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <form className="modal card" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onSubmit={submit}>
        <h2 id={`${id}-title`}>{title}</h2>
        <label className="field">
          <span>{label}</span>
          <input
            ref={inputRef}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </label>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            {confirm}
          </button>
        </div>
      </form>
    </div>
  );
}
