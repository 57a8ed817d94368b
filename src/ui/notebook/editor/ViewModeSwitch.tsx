import type { NotebookViewMode } from '../../../commands/notebook/tabs';

/** Code (editable cells) or Report (outputs and rendered markdown only, read-only), in the editor's header. */
export function ViewModeSwitch({ mode, onChange }: { mode: NotebookViewMode; onChange: (mode: NotebookViewMode) => void }) {
  return (
    <span className="nb-view-mode" role="group" aria-label="View">
      {(['code', 'report'] as const).map((one) => (
        <button key={one} type="button" aria-pressed={mode === one} onClick={() => onChange(one)}>
          {one === 'code' ? 'Code' : 'Report'}
        </button>
      ))}
    </span>
  );
}
