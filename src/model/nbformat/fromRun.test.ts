import { describe, expect, it } from 'vitest';
import { notebookOutputs } from './fromRun';

describe('notebookOutputs', () => {
  it('drops the transient display id and keeps everything else', () => {
    const outputs = notebookOutputs([
      { output_type: 'stream', name: 'stdout', text: '2\n' },
      { output_type: 'display_data', data: { 'text/plain': 'x' }, metadata: {}, transient: { display_id: 'd1' } },
    ]);
    expect(outputs).toEqual([
      { output_type: 'stream', name: 'stdout', text: '2\n' },
      { output_type: 'display_data', data: { 'text/plain': 'x' }, metadata: {} },
    ]);
  });
});
