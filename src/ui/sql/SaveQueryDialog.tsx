import { useState, type FormEvent } from 'react';

export interface SaveQueryValues {
  label: string;
  description: string;
  catalog: string;
  schema: string;
}

interface SaveQueryDialogProps {
  initial: SaveQueryValues;
  /** "Save query" (from the editor) or "Edit saved query" (from the Queries page). */
  title?: string;
  onSave: (values: SaveQueryValues) => void;
  onCancel: () => void;
}

/** Superset's "Save query" dialog: name, description, and where the query runs. */
export function SaveQueryDialog({ initial, title = 'Save query', onSave, onCancel }: SaveQueryDialogProps) {
  const [values, setValues] = useState(initial);
  const set = (field: keyof SaveQueryValues) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.label.trim() !== '') onSave({ ...values, label: values.label.trim() });
  };
  return (
    <div className="modal-backdrop" role="presentation" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <form className="card modal" role="dialog" aria-modal="true" aria-labelledby="save-query-title" onSubmit={submit}>
        <h2 id="save-query-title">{title}</h2>
        <label className="field">
          <span>Name</span>
          <input autoFocus required maxLength={256} value={values.label} onChange={set('label')} aria-label="Name" />
        </label>
        <label className="field">
          <span>Description</span>
          <textarea rows={3} value={values.description} onChange={set('description')} aria-label="Description" />
        </label>
        <label className="field">
          <span>Catalog</span>
          <input value={values.catalog} onChange={set('catalog')} aria-label="Catalog" />
        </label>
        <label className="field">
          <span>Schema</span>
          <input value={values.schema} onChange={set('schema')} aria-label="Schema" />
        </label>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={values.label.trim() === ''}>
            Save
          </button>
        </div>
      </form>
    </div>
  );
}
