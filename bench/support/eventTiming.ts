import { percentile } from '../types';

/** What the bench keeps of a PerformanceEventTiming entry. */
export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/** One keystroke's events as Event Timing saw them: its latency to the next paint and its handlers' time. */
export interface Keystroke {
  /** The longest `duration` among its events (input → next paint, rounded to 8 ms by Chromium). */
  duration: number;
  /** `processingEnd - processingStart` summed over its events (keydown, keypress, beforeinput, input, keyup). */
  processing: number;
}

/** The events a keystroke causes. Pointer events also come meanwhile (the page moves under a still mouse): not the key's. */
const KEY_EVENTS = new Set(['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'compositionstart', 'compositionupdate', 'compositionend']);

/**
 * Groups Event Timing entries into keystrokes: keystroke k is every key or input entry whose
 * startTime (the event's own timestamp) falls at or after `armedAt[k]` and before `armedAt[k + 1]`,
 * the bench arming each keystroke just before it presses the key. Keystrokes with no entry are left
 * out: all their events were under the observer's durationThreshold.
 */
export function keystrokesOf(entries: readonly EventEntry[], armedAt: readonly number[]): Keystroke[] {
  const strokes: (Keystroke | null)[] = armedAt.map(() => null);
  for (const entry of entries) {
    if (!KEY_EVENTS.has(entry.name)) continue;
    let k = -1;
    while (k + 1 < armedAt.length && armedAt[k + 1] <= entry.startTime) k++;
    if (k < 0) continue; // before the first keystroke was armed: not ours
    const stroke = (strokes[k] ??= { duration: 0, processing: 0 });
    stroke.duration = Math.max(stroke.duration, entry.duration);
    stroke.processing += entry.processingEnd - entry.processingStart;
  }
  return strokes.filter((s): s is Keystroke => s !== null);
}

/**
 * The p-th percentile (nearest rank) over `total` measures of which only `observed` are known, the
 * others being below `threshold` (Event Timing reports no entry under its durationThreshold). Those
 * count as the threshold itself, so the answer is an upper bound of the true percentile: exact when
 * it falls among the observed values, the threshold when it falls among the unseen ones.
 */
export function thresholdPercentile(observed: readonly number[], total: number, threshold: number, p: number): number {
  if (observed.length > total) throw new Error(`${observed.length} observed values of only ${total}`);
  if (total === 0) throw new Error('no values for a percentile');
  const unseen = Array.from({ length: total - observed.length }, () => threshold);
  return percentile([...observed, ...unseen], p);
}
