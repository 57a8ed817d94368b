import type { NbOutput } from '../../../contracts/kernels';
import type { Output } from './types';

/**
 * A run's outputs as the notebook keeps them: the same nbformat shapes, less the display's
 * `transient` (never saved in a .ipynb). Their data came as JSON, so it is JSON.
 */
export function notebookOutputs(outputs: readonly NbOutput[]): Output[] {
  return outputs.map((output) => {
    if (output.output_type !== 'display_data') return output as Output;
    const { transient: _transient, ...kept } = output;
    return kept as Output;
  });
}
