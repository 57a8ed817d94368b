import type { Output } from '../../notebook/types';
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
  return (
    <div className={`nb-output-area${scrolled ? ' nb-scrolled' : ''}`}>
      <button
        type="button"
        className="nb-scroll-toggle"
        aria-pressed={scrolled}
        title={scrolled ? 'Show the outputs at full height' : 'Scroll the outputs in a smaller box'}
        onClick={onToggleScrolled}
      >
        {scrolled ? 'Full height' : 'Scroll'}
      </button>
      {/* A scrolling box takes focus so keyboard users can scroll it too. */}
      <div className="nb-outputs" role="group" aria-label="Outputs" tabIndex={scrolled ? 0 : undefined}>
        {outputs.map((output, i) => (
          <OutputView key={i} output={output} />
        ))}
      </div>
    </div>
  );
}

/** Jupyter keeps the toggle in the cell's metadata (`scrolled`: true, false or "auto"). */
export function scrolledOf(metadata: { [key: string]: unknown }): boolean {
  return metadata.scrolled === true;
}
