/**
 * The run queue of one kernel: cells run in order, one at a time. Pure data, kept by whoever owns
 * the cell actors (the notebook): each cell is its own small machine (cell.machine.ts), and this
 * queue says which one may start. We chose cell machines + a pure queue over one coordinator
 * machine because a cell's states stay simple and testable alone, and the order is a list
 * operation tested without actors.
 */
export interface RunQueue {
  /** The cell running now, if any. */
  running: string | null;
  /** Cells waiting, first to run first. */
  queued: readonly string[];
}

export const EMPTY_QUEUE: RunQueue = { running: null, queued: [] };

/** Adds cells at the end, skipping those already queued or running. */
export function enqueue(queue: RunQueue, cellIds: readonly string[]): RunQueue {
  const present = new Set([...queue.queued, ...(queue.running ? [queue.running] : [])]);
  const added = cellIds.filter((id) => !present.has(id) && present.add(id));
  return added.length === 0 ? queue : { ...queue, queued: [...queue.queued, ...added] };
}

/** A queued cell aborted: it leaves the queue (a running one is not touched here). */
export function dequeue(queue: RunQueue, cellId: string): RunQueue {
  return queue.queued.includes(cellId) ? { ...queue, queued: queue.queued.filter((id) => id !== cellId) } : queue;
}

/** When nothing runs, the first queued cell becomes the running one (`start` says which). */
export function startNext(queue: RunQueue): { queue: RunQueue; start: string | null } {
  if (queue.running !== null || queue.queued.length === 0) return { queue, start: null };
  const [first, ...rest] = queue.queued;
  return { queue: { running: first, queued: rest }, start: first };
}

/** The running cell ended (succeeded, failed or cancelled). */
export function finish(queue: RunQueue, cellId: string): RunQueue {
  return queue.running === cellId ? { ...queue, running: null } : queue;
}

/** The kernel was interrupted: the running cell is cancelled and every queued one dequeued. */
export function interrupt(queue: RunQueue): { queue: RunQueue; cancelled: string | null; dequeued: readonly string[] } {
  return { queue: EMPTY_QUEUE, cancelled: queue.running, dequeued: queue.queued };
}
