import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../contracts/kernels';
import { limitOutputs } from './outputLimit';

const stream = (text: string): RunEvent => ({ type: 'output', output: { output_type: 'stream', name: 'stdout', text } });
const html = (body: string): RunEvent => ({ type: 'output', output: { output_type: 'display_data', data: { 'text/html': body }, metadata: {} } });
const done: RunEvent = { type: 'done', execution_count: 1, status: 'ok' };

function through(maxBytes: number, events: RunEvent[]): RunEvent[] {
  const seen: RunEvent[] = [];
  const limited = limitOutputs(maxBytes, (event) => seen.push(event));
  for (const event of events) limited(event);
  return seen;
}

describe('limitOutputs', () => {
  it('passes outputs under the limit as they are', () => {
    const events = [stream('a'.repeat(40)), { type: 'clear_output', wait: true } as RunEvent, stream('b'.repeat(40)), done];
    expect(through(100, events)).toEqual(events);
  });

  it('cuts the stream text that crosses the limit, adds one note, and drops the rest but the end', () => {
    const seen = through(100, [stream('a'.repeat(60)), stream('b'.repeat(60)), stream('c'), html('d'), { type: 'clear_output', wait: false }, done]);
    expect(seen).toEqual([
      stream('a'.repeat(60)),
      stream('b'.repeat(40)),
      { type: 'output', output: { output_type: 'stream', name: 'stderr', text: expect.stringMatching(/Output truncated: over the 0 MB limit \(CONSOLE_OUTPUT_MAX_MB\)/) } },
      done,
    ]);
  });

  it('drops a rich output that does not fit whole, and counts outputs of any shape without throwing', () => {
    const odd = { type: 'output', output: { output_type: 'display_data', data: { x: [1, null, { deep: ['y'.repeat(50)] }] }, metadata: {} } } as unknown as RunEvent;
    const seen = through(100, [odd, html('z'.repeat(200)), done]);
    expect(seen[0]).toBe(odd);
    expect(seen.map((event) => (event.type === 'output' ? event.output.output_type : event.type))).toEqual(['display_data', 'stream', 'done']);
  });

  it('states the limit in MB', () => {
    const [, note] = through(2 ** 20, [stream('x'.repeat(2 ** 20)), stream('y')]);
    expect(JSON.stringify(note)).toContain('over the 1 MB limit');
  });
});
