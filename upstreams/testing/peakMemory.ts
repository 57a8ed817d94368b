import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The resident memory of this process before and at its highest while `work` ran, in MB. */
export interface MemoryPeak<T> {
  result: T;
  startMb: number;
  peakMb: number;
  grownMb: number;
}

const MB = 1024 * 1024;

/**
 * Runs `work`, sampling this process's RSS every `everyMs` (the suites run the console in-process,
 * so this is the console's memory plus the test's own small share).
 */
export async function peakMemory<T>(work: () => Promise<T>, everyMs = 20): Promise<MemoryPeak<T>> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, startMb: start / MB, peakMb: peak / MB, grownMb: (peak - start) / MB };
  } finally {
    clearInterval(sampler);
  }
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A full garbage collection now. Called between pages, so the peak RSS says what the console
 * holds while it pages a log, not how far V8 let garbage pile up before collecting it (paging a
 * 100 MB log makes several times that in short-lived strings, here and in the test's own client).
 */
export function collectGarbage(): void {
  gc();
}
