import { describe, expect, it } from 'vitest';
import type { DisplayDataOutput, NbOutput, RunEvent } from './kernels';
import { applyRunEvent, NO_OUTPUTS, outputsText } from './runOutputs';

const out = (output: NbOutput): RunEvent => ({ type: 'output', output });
const stdout = (text: string): NbOutput => ({ output_type: 'stream', name: 'stdout', text });
const display = (text: string, id?: string): DisplayDataOutput => ({
  output_type: 'display_data',
  data: { 'text/plain': text },
  metadata: {},
  ...(id ? { transient: { display_id: id } } : {}),
});
const run = (...events: RunEvent[]) => events.reduce(applyRunEvent, NO_OUTPUTS).outputs;

describe('applyRunEvent', () => {
  it('joins consecutive text of one stream and keeps stdout and stderr apart, in order', () => {
    const outputs = run(out(stdout('a\n')), out(stdout('b\n')), out({ output_type: 'stream', name: 'stderr', text: 'oops\n' }), out(stdout('c\n')));
    expect(outputs).toEqual([stdout('a\nb\n'), { output_type: 'stream', name: 'stderr', text: 'oops\n' }, stdout('c\n')]);
  });

  it('clears at once, or on the next output when asked to wait', () => {
    expect(run(out(stdout('a')), { type: 'clear_output', wait: false })).toEqual([]);
    const waiting = [out(stdout('a')), { type: 'clear_output', wait: true }] as RunEvent[];
    expect(run(...waiting)).toEqual([stdout('a')]);
    expect(run(...waiting, out(stdout('b')))).toEqual([stdout('b')]);
  });

  it('rewrites every output shown with the updated display id and leaves the rest', () => {
    const outputs = run(out(display('0%', 'bar')), out(display('other')), out(display('0%', 'bar')), { type: 'update_display_data', output: display('100%', 'bar') });
    expect(outputs.map((output) => (output as DisplayDataOutput).data['text/plain'])).toEqual(['100%', 'other', '100%']);
  });

  it('ignores an update for a display id nobody showed', () => {
    expect(run(out(display('x', 'a')), { type: 'update_display_data', output: display('y', 'b') })).toEqual([display('x', 'a')]);
  });
});

describe('outputsText', () => {
  it('joins streams, plain text of rich outputs and error lines without colours', () => {
    const text = outputsText([
      stdout('hi\n'),
      { output_type: 'execute_result', execution_count: 1, data: { 'text/plain': '42', 'text/html': '<b>42</b>' }, metadata: {} },
      { output_type: 'display_data', data: { 'image/png': 'AAAA' }, metadata: {} },
      { output_type: 'error', ename: 'ValueError', evalue: 'bad', traceback: ['\u001b[0;31mValueError\u001b[0m: bad'] },
    ]);
    expect(text).toBe('hi\n42\nValueError: bad\n');
  });

  it('uses ename and evalue when the traceback is empty, and list-of-lines text', () => {
    expect(outputsText([{ output_type: 'error', ename: 'KeyboardInterrupt', evalue: '', traceback: [] }])).toBe('KeyboardInterrupt: \n');
    expect(outputsText([{ output_type: 'display_data', data: { 'text/plain': ['a\n', 'b'] }, metadata: {} }])).toBe('a\nb\n');
  });
});
