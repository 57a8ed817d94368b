import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import type { Output } from '../../model/nbformat/types';
import { OutputView } from './Outputs';

export type OutputAreaProps = {
  outputs: Output[];
  /** Outputs in a box of limited height that scrolls (JupyterLab's "Enable Scrolling for Outputs"). */
  scrolled: boolean;
  onToggleScrolled: () => void;
};

/**
 * A code cell's outputs in order, with the scrolling toggle; long text outputs cut themselves (Show
 * more). Nothing is rendered for a cell without outputs.
 */
export function OutputArea({ outputs, scrolled, onToggleScrolled }: OutputAreaProps) {
  if (outputs.length === 0) return null;
  const Icon = scrolled ? ChevronsUpDown : ChevronsDownUp;
  const firstResult = outputs[0].output_type === 'execute_result';
  return (
    <div className={`nb-output-area${scrolled ? ' nb-scrolled' : ''}${firstResult ? ' nb-first-result' : ''}`}>
      {/* An icon in the gutter, named by its tooltip (JupyterLab's "Enable Scrolling for Outputs"). */}
      <button
        type="button"
        className="icon-button nb-scroll-toggle"
        aria-pressed={scrolled}
        aria-label="Scroll outputs"
        title={scrolled ? 'Show the outputs at full height' : 'Scroll the outputs in a smaller box'}
        onClick={onToggleScrolled}
      >
        <Icon size={14} aria-hidden="true" />
      </button>
      {/* A scrolling box takes focus so keyboard users can scroll it too. */}
      <div className="nb-outputs" role="group" aria-label="Outputs" tabIndex={scrolled ? 0 : undefined}>
        {outputs.map((output, i) => (
          <div key={i} className="nb-output">
            {output.output_type === 'execute_result' && (
              <span className="nb-out-prompt" aria-label="Result count">
                Out[{output.execution_count ?? ' '}]:
              </span>
            )}
            <OutputView output={output} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Jupyter keeps the toggle in the cell's metadata (`scrolled`: true, false or "auto"). */
export function scrolledOf(metadata: { [key: string]: unknown }): boolean {
  return metadata.scrolled === true;
}
