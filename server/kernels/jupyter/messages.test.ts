import { describe, expect, it } from 'vitest';
import { executeRequest, parseMessage, replyStatus, runEventOf, statusOf, type JupyterMessage } from './messages';

const iopub = (msgType: string, content: Record<string, unknown>): JupyterMessage =>
  parseMessage(JSON.stringify({ header: { msg_id: 'm', msg_type: msgType }, parent_header: { msg_id: 'p' }, content, channel: 'iopub' }))!;

describe('Jupyter messages', () => {
  it('asks to run code without stdin, stopping the queue on an error', () => {
    const message = executeRequest('session-1', 'print(1)');
    expect(message.channel).toBe('shell');
    expect(message.header).toMatchObject({ msg_type: 'execute_request', session: 'session-1', version: '5.3' });
    expect(message.content).toEqual({ code: 'print(1)', silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    expect(executeRequest('session-1', 'x').header.msg_id).not.toBe(message.header.msg_id);
  });

  it('reads frames that are messages and ignores the rest', () => {
    expect(parseMessage('not json')).toBeNull();
    expect(parseMessage(JSON.stringify({ header: {}, content: {} }))).toBeNull();
    expect(parseMessage(JSON.stringify({ header: { msg_type: 'status' }, content: null }))).toBeNull();
    expect(iopub('status', { execution_state: 'busy' }).parent_header).toEqual({ msg_id: 'p' });
  });

  it('maps outputs to nbformat, keeping the display id of display_data and its updates', () => {
    expect(runEventOf(iopub('stream', { name: 'stderr', text: 'oops\n' }))).toEqual({ type: 'output', output: { output_type: 'stream', name: 'stderr', text: 'oops\n' } });
    const display = { data: { 'text/plain': "'a'" }, metadata: {}, transient: { display_id: 'd1' } };
    expect(runEventOf(iopub('display_data', display))).toEqual({ type: 'output', output: { output_type: 'display_data', ...display } });
    expect(runEventOf(iopub('display_data', { data: { 'text/plain': 'x' }, metadata: {}, transient: {} }))).toEqual({
      type: 'output',
      output: { output_type: 'display_data', data: { 'text/plain': 'x' }, metadata: {} },
    });
    expect(runEventOf(iopub('update_display_data', display))).toEqual({ type: 'update_display_data', output: { output_type: 'display_data', ...display } });
    expect(runEventOf(iopub('execute_result', { execution_count: 3, data: { 'text/plain': '2' }, metadata: {} }))).toEqual({
      type: 'output',
      output: { output_type: 'execute_result', execution_count: 3, data: { 'text/plain': '2' }, metadata: {} },
    });
    expect(runEventOf(iopub('error', { ename: 'ValueError', evalue: 'bad', traceback: ['a', 'b'] }))).toEqual({
      type: 'output',
      output: { output_type: 'error', ename: 'ValueError', evalue: 'bad', traceback: ['a', 'b'] },
    });
    expect(runEventOf(iopub('clear_output', { wait: true }))).toEqual({ type: 'clear_output', wait: true });
    expect(runEventOf(iopub('execute_input', { code: 'x' }))).toBeNull();
    expect(runEventOf(iopub('status', { execution_state: 'idle' }))).toBeNull();
  });

  it('reads kernel states from status messages only', () => {
    expect(statusOf(iopub('status', { execution_state: 'restarting' }))).toBe('restarting');
    expect(statusOf(iopub('status', { execution_state: 'rebooting' }))).toBeNull();
    expect(statusOf(iopub('stream', { execution_state: 'idle' }))).toBeNull();
  });

  it('counts an interrupted run as aborted, not as an error', () => {
    expect(replyStatus({ status: 'ok' })).toBe('ok');
    expect(replyStatus({ status: 'error', ename: 'NameError' })).toBe('error');
    expect(replyStatus({ status: 'error', ename: 'KeyboardInterrupt' })).toBe('aborted');
    expect(replyStatus({ status: 'aborted' })).toBe('aborted');
  });
});
