import type { MarkRequest } from '../../../../contracts/workflow';

/** A mark of task `load` in `runId` (the adapters' tests), one instance unless `options` widen it. */
export function markRequest(runId: string, mapIndex: number, state: 'success' | 'failed', options: Partial<MarkRequest> = {}): MarkRequest {
  return { runId, taskId: 'load', mapIndex, state, includeUpstream: false, includeDownstream: false, includePast: false, includeFuture: false, ...options };
}
