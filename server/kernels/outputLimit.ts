import type { NbOutput, RunEvent } from '../../contracts/kernels';

/**
 * A run's outputs up to a number of bytes (CONSOLE_OUTPUT_MAX_MB), counted as they come: the output
 * that crosses the limit is cut there, a note says so, and everything after is dropped while the
 * cell runs on. So neither the joined outputs of a non-streamed answer nor a stream can grow past it
 * (a cell printing 600 MB once made a string longer than V8 allows and took the console down).
 */
export function limitOutputs(maxBytes: number, onEvent: (event: RunEvent) => void): (event: RunEvent) => void {
  let used = 0;
  let full = false;
  return (event) => {
    if (event.type === 'done') return onEvent(event);
    // Past the limit a clear is dropped too: it would take the note away.
    if (full) return;
    if (event.type === 'clear_output') return onEvent(event);
    const size = sizeOf(event.output, maxBytes - used + 1);
    if (used + size <= maxBytes) {
      used += size;
      return onEvent(event);
    }
    full = true;
    const room = maxBytes - used;
    if (event.type === 'output' && event.output?.output_type === 'stream' && typeof event.output.text === 'string' && room > 0) {
      onEvent({ type: 'output', output: { ...event.output, text: event.output.text.slice(0, room) } });
    }
    onEvent({ type: 'output', output: truncationNote(maxBytes) });
  };
}

export function truncationNote(maxBytes: number): NbOutput {
  const mb = Math.round((maxBytes / 2 ** 20) * 10) / 10;
  const text = `\n[Output truncated: over the ${mb} MB limit (CONSOLE_OUTPUT_MAX_MB); the rest of this run's output was dropped while it ran on.]\n`;
  return { output_type: 'stream', name: 'stderr', text };
}

/**
 * About an output's bytes on the wire: a stream's text, else the characters of every string in it
 * (numbers count 8), counted no further than `enough`. An output may be anything a kernel sent, so
 * it is walked, never serialised whole.
 */
function sizeOf(output: NbOutput, enough: number): number {
  if (output?.output_type === 'stream' && typeof output.text === 'string') return output.text.length;
  let size = 0;
  const stack: unknown[] = [output];
  while (stack.length > 0 && size < enough) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length;
    else if (Array.isArray(item)) for (const child of item) stack.push(child);
    else if (item !== null && typeof item === 'object') for (const child of Object.values(item)) stack.push(child);
    else size += 8;
  }
  return size;
}
