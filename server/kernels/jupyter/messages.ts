import { randomUUID } from 'node:crypto';
import type { DisplayDataOutput, ExecutionState, NbOutput, RunEvent, RunStatus } from '../../../contracts/kernels';

/**
 * Jupyter messaging protocol 5.3 as the kernel channels WebSocket carries it (JSON, one message a
 * frame, `channel` naming the ZMQ socket); Jupyter Server signs them for the kernel.
 */

export type Channel = 'shell' | 'iopub' | 'stdin' | 'control';

export interface JupyterMessage {
  header: { msg_id: string; msg_type: string; session: string; username: string; date: string; version: string };
  parent_header: { msg_id?: string; msg_type?: string } | Record<string, never>;
  metadata: Record<string, unknown>;
  content: Record<string, unknown>;
  channel: Channel;
  buffers?: unknown[];
}

export function request(session: string, msgType: string, content: Record<string, unknown>, channel: Channel = 'shell'): JupyterMessage {
  return {
    header: { msg_id: randomUUID(), msg_type: msgType, session, username: 'console', date: new Date().toISOString(), version: '5.3' },
    parent_header: {},
    metadata: {},
    content,
    channel,
    buffers: [],
  };
}

/** allow_stdin false: input() raises at once instead of waiting for a prompt nobody answers. */
export function executeRequest(session: string, code: string): JupyterMessage {
  return request(session, 'execute_request', {
    code,
    silent: false,
    store_history: true,
    user_expressions: {},
    allow_stdin: false,
    stop_on_error: true,
  });
}

/** A frame from the socket, or null when it is not a message we can read. */
export function parseMessage(data: unknown): JupyterMessage | null {
  try {
    const message = JSON.parse(String(data)) as Partial<JupyterMessage>;
    if (typeof message.header?.msg_type !== 'string' || typeof message.content !== 'object' || message.content === null) return null;
    return { parent_header: {}, metadata: {}, channel: 'iopub', ...message } as JupyterMessage;
  } catch {
    return null;
  }
}

export function parentId(message: JupyterMessage): string | undefined {
  return (message.parent_header as { msg_id?: string }).msg_id;
}

const STATES: readonly string[] = ['starting', 'idle', 'busy', 'restarting', 'dead'];

/** An execution state as Jupyter names it, or null for another value. */
export function executionState(value: unknown): ExecutionState | null {
  return typeof value === 'string' && STATES.includes(value) ? (value as ExecutionState) : null;
}

/** An iopub `status` message's state, or null for anything else. */
export function statusOf(message: JupyterMessage): ExecutionState | null {
  return message.header.msg_type === 'status' ? executionState(message.content.execution_state) : null;
}

type Content = Record<string, unknown>;

const bundle = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

function displayData(content: Content): DisplayDataOutput {
  const output: DisplayDataOutput = { output_type: 'display_data', data: bundle(content.data), metadata: bundle(content.metadata) };
  const transient = bundle(content.transient);
  if (typeof transient.display_id === 'string') output.transient = { display_id: transient.display_id };
  return output;
}

function output(type: string, content: Content): NbOutput | null {
  switch (type) {
    case 'stream':
      return { output_type: 'stream', name: content.name === 'stderr' ? 'stderr' : 'stdout', text: String(content.text ?? '') };
    case 'display_data':
      return displayData(content);
    case 'execute_result':
      return {
        output_type: 'execute_result',
        execution_count: typeof content.execution_count === 'number' ? content.execution_count : null,
        data: bundle(content.data),
        metadata: bundle(content.metadata),
      };
    case 'error':
      return {
        output_type: 'error',
        ename: String(content.ename ?? 'Error'),
        evalue: String(content.evalue ?? ''),
        traceback: Array.isArray(content.traceback) ? content.traceback.map(String) : [],
      };
    default:
      return null;
  }
}

/** The run event an iopub message stands for, or null (status, execute_input, comm messages …). */
export function runEventOf(message: JupyterMessage): RunEvent | null {
  const type = message.header.msg_type;
  if (type === 'clear_output') return { type: 'clear_output', wait: message.content.wait === true };
  if (type === 'update_display_data') return { type: 'update_display_data', output: displayData(message.content) };
  const result = output(type, message.content);
  return result === null ? null : { type: 'output', output: result };
}

/** An execute_reply's status as a run's: an interrupted run (KeyboardInterrupt) was aborted, not failed. */
export function replyStatus(content: Content): RunStatus {
  if (content.status === 'ok') return 'ok';
  if (content.status === 'error') return content.ename === 'KeyboardInterrupt' ? 'aborted' : 'error';
  return 'aborted';
}

/** The error output that tells the user why a run ended without its own answer. */
export function abortOutput(why: string): NbOutput {
  return { output_type: 'error', ename: 'KernelError', evalue: why, traceback: [why] };
}
