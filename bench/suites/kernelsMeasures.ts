import type { NotebookApi, TimedEvent } from '../support/notebookApi';
import type { DirectJupyter } from '../support/jupyterDirect';
import { descendants, untilQuiet } from '../support/processes';
import { sleep, within } from '../support/time';

/** The kernels suite's measures, each over kernels the suite has started (kernels.bench.ts). */

export const PYODIDE_SPEC = 'python3-pyodide';
export const JUPYTER_SPEC = 'python3';
/** What identifies an embedded kernel's process (a loaded spare looks the same). */
export const PYODIDE_HOST = 'pyodide/host/host.mjs';

export const WARMUP = 5;
export const RUNS = 50;
export const STARTS = 3;
export const INTERRUPTS = 5;
export const INTERRUPT_AFTER_MS = 300;
export const STREAMS = 3;
export const PRINTS = 10;
/** A spare counts as loaded once its process has used no CPU for this long. */
export const SPARE_QUIET_MS = 2_000;
export const SPARE_LIMIT_MS = 180_000;
const RUN_LIMIT_MS = 60_000;

export const STREAM_CODE = `import time\nfor _ in range(${PRINTS}):\n    print(time.time() * 1000, flush=True)\n    time.sleep(0.1)\n`;

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

export interface Starts {
  warm: number[];
  cold: number[];
  jupyter: number[];
  /** The kernels kept for the other measures. */
  pyodideId: string;
  jupyterId: string;
}

/**
 * Each round waits until every embedded process is quiet (the spare has loaded), starts a kernel
 * (it takes the spare), then at once another: that one takes the spare just begun in its place.
 */
export async function measureStarts(api: NotebookApi, consolePid: number): Promise<Starts> {
  const warm: number[] = [];
  const cold: number[] = [];
  const jupyter: number[] = [];
  const extra: string[] = [];
  let pyodideId = '';
  for (let round = 0; round < STARTS; round++) {
    await untilQuiet(await descendants(consolePid, PYODIDE_HOST), SPARE_QUIET_MS, SPARE_LIMIT_MS);
    let id = '';
    warm.push(await timed(async () => (id = (await api.startKernel(PYODIDE_SPEC)).id)));
    cold.push(await timed(async () => extra.push((await api.startKernel(PYODIDE_SPEC)).id)));
    if (pyodideId) extra.push(pyodideId);
    pyodideId = id;
    for (const stale of extra.splice(0)) await api.shutdown(stale);
  }
  for (let round = 0; round < STARTS; round++) {
    jupyter.push(await timed(async () => extra.push((await api.startKernel(JUPYTER_SPEC)).id)));
  }
  const jupyterId = extra.pop() ?? '';
  for (const stale of extra.splice(0)) await api.shutdown(stale);
  return { warm, cold, jupyter, pyodideId, jupyterId };
}

export interface RoundTrips {
  pyodide: number[];
  jupyter: number[];
  direct: number[];
}

/** print(1) on each path in turn, so the machine's ups and downs fall on all three alike. */
export async function measureRoundTrips(api: NotebookApi, starts: Starts, direct: DirectJupyter): Promise<RoundTrips> {
  const trips: RoundTrips = { pyodide: [], jupyter: [], direct: [] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    let output = '';
    const pyodide = await timed(async () => (output = (await api.run(starts.pyodideId, 'print(1)')).output));
    if (output !== '1\n') throw new Error(`print(1) on Pyodide printed ${JSON.stringify(output)}`);
    const jupyter = await timed(async () => (output = (await api.run(starts.jupyterId, 'print(1)')).output));
    if (output !== '1\n') throw new Error(`print(1) on Jupyter printed ${JSON.stringify(output)}`);
    const bare = await within(RUN_LIMIT_MS, 'a direct Jupyter run', timed(() => direct.run('print(1)')));
    if (i < WARMUP) continue;
    trips.pyodide.push(pyodide);
    trips.jupyter.push(jupyter);
    trips.direct.push(bare);
  }
  return trips;
}

/** A streamed endless loop interrupted after a while: from sending the interrupt to the run's done event. */
export async function measureInterrupts(api: NotebookApi, kernelId: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < INTERRUPTS; i++) {
    let sentAt = 0;
    let interrupted: Promise<unknown> = Promise.resolve();
    const events = await within(
      RUN_LIMIT_MS,
      'an interrupted run',
      api.stream(kernelId, 'while True: pass', () => {
        interrupted = sleep(INTERRUPT_AFTER_MS).then(() => {
          sentAt = Date.now();
          return api.interrupt(kernelId);
        });
      }),
    );
    await interrupted;
    const done = events.at(-1)!;
    if (done.event.type !== 'done' || done.event.status !== 'aborted') throw new Error(`an interrupted loop ended ${JSON.stringify(done.event)}`);
    latencies.push(done.at - sentAt);
  }
  return latencies;
}

/** For each printed line: its arrival at the client minus the kernel's time.time() when it printed. */
export async function measureStreaming(api: NotebookApi, kernelId: string): Promise<number[]> {
  const lags: number[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const events = await within(RUN_LIMIT_MS, 'a streamed run', api.stream(kernelId, STREAM_CODE));
    const lines = events.flatMap(printedLines);
    if (lines.length !== PRINTS) throw new Error(`a streamed run printed ${lines.length} lines, not ${PRINTS}`);
    lags.push(...lines.map((line) => line.at - line.printed));
  }
  return lags;
}

function printedLines({ event, at }: TimedEvent): { printed: number; at: number }[] {
  if (event.type !== 'output' || event.output.output_type !== 'stream') return [];
  return event.output.text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ printed: Number(line), at }));
}
