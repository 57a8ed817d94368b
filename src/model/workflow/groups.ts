/**
 * Task groups as Airflow names them: a task 'extract.orders.load' sits in group 'extract.orders',
 * itself in 'extract' (group ids carry their parents' prefix). The APIs list tasks only, so the
 * groups are read back from the dotted ids.
 */

/** The ids of the groups a task sits in, outermost first: 'a.b.c' → ['a', 'a.b']. */
export function groupPath(taskId: string): string[] {
  const parts = taskId.split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('.'));
}

/** What the screens show for a task or group: its id without its group's prefix. */
export function shortLabel(id: string): string {
  return id.slice(id.lastIndexOf('.') + 1);
}

/**
 * The task ids ordered so each comes after its upstream tasks (Kahn's algorithm), ties kept in
 * the order given, as Airflow's grid lists them; a cycle (which Airflow refuses to load) keeps
 * the rest in the given order rather than losing tasks.
 */
export function topologicalOrder(tasks: readonly { id: string; downstream: readonly string[] }[]): string[] {
  const ids = new Set(tasks.map((t) => t.id));
  const upstreamCount = new Map(tasks.map((t) => [t.id, 0]));
  for (const task of tasks) for (const next of task.downstream) if (ids.has(next)) upstreamCount.set(next, (upstreamCount.get(next) ?? 0) + 1);
  const position = new Map(tasks.map((t, i) => [t.id, i]));
  const downstreamOf = new Map(tasks.map((t) => [t.id, t.downstream.filter((d) => ids.has(d))]));
  // Kept sorted by given position, so the next task is always the first one listed (5,000 tasks stay fast).
  const ready = tasks.filter((t) => upstreamCount.get(t.id) === 0).map((t) => t.id);
  const insert = (id: string) => {
    let low = 0;
    let high = ready.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (position.get(ready[mid]!)! < position.get(id)!) low = mid + 1;
      else high = mid;
    }
    ready.splice(low, 0, id);
  };
  const order: string[] = [];
  while (ready.length > 0) {
    const id = ready.shift()!;
    order.push(id);
    for (const next of downstreamOf.get(id) ?? []) {
      const left = upstreamCount.get(next)! - 1;
      upstreamCount.set(next, left);
      if (left === 0) insert(next);
    }
  }
  const placed = new Set(order);
  return [...order, ...tasks.map((t) => t.id).filter((id) => !placed.has(id))];
}
