import type { KernelModel, KernelSpecList, KernelStreamEvent, NotebookServerStatus, RunEvent } from '../../../contracts/kernels';

/** Checks of the kernels API's answers: a shape the client does not know is an error, not a guess. */

type Rec = Record<string, unknown>;
const isRecord = (value: unknown): value is Rec => !!value && typeof value === 'object' && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const STATES = ['starting', 'idle', 'busy', 'restarting', 'dead'];
const PROVIDERS = ['pyodide', 'jupyter'];
const SERVER_STATES = ['running', 'starting', 'stopped', 'failed'];

export function isKernelModel(value: unknown): value is KernelModel {
  if (!isRecord(value)) return false;
  const { id, name, provider, execution_state, last_activity, owner, path } = value;
  return (
    isString(id) &&
    isString(name) &&
    PROVIDERS.includes(provider as string) &&
    STATES.includes(execution_state as string) &&
    isString(last_activity) &&
    isString(owner) &&
    (path === null || isString(path))
  );
}

export function isServerStatus(value: unknown): value is NotebookServerStatus {
  if (!isRecord(value)) return false;
  const { username, status, provider, kernels, message } = value;
  return isString(username) && SERVER_STATES.includes(status as string) && PROVIDERS.includes(provider as string) && typeof kernels === 'number' && (message === undefined || isString(message));
}

function isSpecList(value: unknown): value is KernelSpecList {
  if (!isRecord(value) || !isString(value.default) || !Array.isArray(value.kernelspecs)) return false;
  return value.kernelspecs.every((spec) => isRecord(spec) && isString(spec.name) && isString(spec.display_name) && isString(spec.language) && PROVIDERS.includes(spec.provider as string));
}

function checked<T>(what: string, test: (value: unknown) => value is T) {
  return (value: unknown): T => {
    if (!test(value)) throw new Error(`The server answered with unexpected ${what}.`);
    return value;
  };
}

export const kernelFrom = checked('kernel details', isKernelModel);
export const kernelsFrom = checked('kernel list', (value): value is KernelModel[] => Array.isArray(value) && value.every(isKernelModel));
export const specsFrom = checked('kernelspecs', isSpecList);
export const serverFrom = checked('notebook server status', isServerStatus);

/** A run's event as the stream names it, or null for a malformed one. */
export function runEventFrom(name: string, data: string): RunEvent | null {
  const event = parsed(data);
  if (!isRecord(event) || event.type !== name) return null;
  switch (event.type) {
    case 'output':
    case 'update_display_data':
      return isRecord(event.output) && isString(event.output.output_type) ? (event as unknown as RunEvent) : null;
    case 'clear_output':
      return typeof event.wait === 'boolean' ? (event as unknown as RunEvent) : null;
    case 'done':
      return ['ok', 'error', 'aborted'].includes(event.status as string) ? (event as unknown as RunEvent) : null;
    default:
      return null;
  }
}

/** An event of the kernel-events stream, or null for one this client does not know (a newer server). */
export function streamEventFrom(name: string, data: string): KernelStreamEvent | null {
  const event = parsed(data);
  if (!isRecord(event) || event.type !== name) return null;
  if (event.type === 'kernel') return isKernelModel(event.kernel) ? (event as unknown as KernelStreamEvent) : null;
  if (event.type === 'kernel_removed') return isString(event.id) && isString(event.owner) ? (event as unknown as KernelStreamEvent) : null;
  if (event.type === 'server') return isServerStatus(event.server) ? (event as unknown as KernelStreamEvent) : null;
  return null;
}

function parsed(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
