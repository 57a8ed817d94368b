import type { DisplayDataOutput, NbOutput, RunEvent } from './kernels';

/**
 * A cell's outputs as a run's events build them, the way Jupyter front ends do: consecutive
 * stream text of one name joins, clear_output(wait=True) clears when the next output comes,
 * update_display_data rewrites every output shown with that display id. Pure, so the server's
 * non-streamed answer and the editor agree.
 */
export interface RunOutputs {
  outputs: NbOutput[];
  /** clear_output(wait=True) was asked: the next output replaces everything. */
  clearOnNext: boolean;
}

export const NO_OUTPUTS: RunOutputs = { outputs: [], clearOnNext: false };

export function applyRunEvent(state: RunOutputs, event: RunEvent): RunOutputs {
  switch (event.type) {
    case 'output':
      return { outputs: appended(state.clearOnNext ? [] : state.outputs, event.output), clearOnNext: false };
    case 'clear_output':
      return event.wait ? { ...state, clearOnNext: true } : NO_OUTPUTS;
    case 'update_display_data':
      return { ...state, outputs: state.outputs.map((output) => updated(output, event.output)) };
    case 'done':
      return state;
  }
}

function appended(outputs: NbOutput[], output: NbOutput): NbOutput[] {
  const last = outputs.at(-1);
  if (output.output_type === 'stream' && last?.output_type === 'stream' && last.name === output.name) {
    return [...outputs.slice(0, -1), { ...last, text: last.text + output.text }];
  }
  return [...outputs, output];
}

function updated(output: NbOutput, update: DisplayDataOutput): NbOutput {
  const id = update.transient?.display_id;
  if (id === undefined || output.output_type !== 'display_data' || output.transient?.display_id !== id) return output;
  return { ...output, data: update.data, metadata: update.metadata };
}

// eslint-disable-next-line no-control-regex -- ANSI escape sequences are control characters by definition
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** The outputs' plain text, as a terminal would show it: streams, text/plain, error lines without colours. */
export function outputsText(outputs: readonly NbOutput[]): string {
  return outputs.map(plainText).filter((text) => text !== '').join('');
}

function plainText(output: NbOutput): string {
  switch (output.output_type) {
    case 'stream':
      return output.text;
    case 'display_data':
    case 'execute_result':
      return withNewline(textOf(output.data['text/plain']));
    case 'error':
      return withNewline((output.traceback.length > 0 ? output.traceback.join('\n') : `${output.ename}: ${output.evalue}`).replace(ANSI, ''));
  }
}

/** nbformat allows multiline strings as lists of lines. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) return value.join('');
  return '';
}

function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
