import type { Json } from './types';

/**
 * How deeply a notebook's JSON may nest. Real notebooks (widget state, Plotly figures) stay well
 * under 100; the console's recursive walks (serialising, rendering outputs) overflow the stack
 * somewhere past a few thousand levels, so the limit keeps a wide margin below that.
 */
export const MAX_JSON_DEPTH = 256;

/** True when `value` nests objects and lists deeper than `limit` levels. Iterative: it cannot overflow itself. */
export function nestedDeeperThan(value: Json, limit: number): boolean {
  const stack: [Json, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
