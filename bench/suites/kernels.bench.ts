import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { spawnJupyterServer, tempFolder, type SpawnedServer } from '../../server/kernels/jupyter/testing/jupyter';
import { ConsoleServer } from '../../tests/support/consoleServer';
import { DirectJupyter } from '../support/jupyterDirect';
import { NotebookApi } from '../support/notebookApi';
import { alive, consoleServerPid, descendants, rssMb, untilQuiet } from '../support/processes';
import { sleep } from '../support/time';
import { median, percentile, result, type BenchResult, type BenchSuite } from '../types';
import {
  INTERRUPT_AFTER_MS,
  INTERRUPTS,
  JUPYTER_SPEC,
  measureInterrupts,
  measureRoundTrips,
  measureStarts,
  measureStreaming,
  PRINTS,
  PYODIDE_HOST,
  PYODIDE_SPEC,
  RUNS,
  SPARE_LIMIT_MS,
  SPARE_QUIET_MS,
  STARTS,
  STREAMS,
  WARMUP,
} from './kernelsMeasures';

const SUITE = 'kernels';
/** DESIGN.md §7: the console adds ≤ 20% to a direct Jupyter client; a start from the warm spare. */
const BUDGET = { consoleOverDirect: 1.2, warmStartMs: 300 };
const IPYKERNEL = 'ipykernel_launcher';
/** How long the processes of a closed server may take to end before they count as left over. */
const EXIT_LIMIT_MS = 15_000;

interface Rig {
  api: NotebookApi;
  jupyter: SpawnedServer;
  consolePid: number;
  /** Every kernel process seen (and the console server's), checked for leftovers at the end. */
  seen: Set<number>;
}

async function processesOf(root: number, match: string, seen: Set<number>): Promise<number[]> {
  const pids = await descendants(root, match);
  for (const pid of pids) seen.add(pid);
  return pids;
}

async function nodeOnly(pids: number[]): Promise<number[]> {
  const programs = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').then((line) => line.split('\0')[0], () => '')));
  return pids.filter((_, i) => basename(programs[i]) === 'node');
}

async function memoryMb(rig: Rig): Promise<{ pyodide: number[]; jupyter: number[] }> {
  // Inside the sandbox a kernel is a launcher, bwrap and setpriv around the one Node process measured.
  const pyodide = await nodeOnly(await processesOf(rig.consolePid, PYODIDE_HOST, rig.seen));
  // The spare begun by the last start is measured once loaded, as an idle kernel.
  await untilQuiet(pyodide, SPARE_QUIET_MS, SPARE_LIMIT_MS);
  const jupyter = await processesOf(rig.jupyter.child.pid ?? -1, IPYKERNEL, rig.seen);
  if (pyodide.length === 0 || jupyter.length === 0) throw new Error(`${SUITE}: found ${pyodide.length} Pyodide and ${jupyter.length} ipykernel processes`);
  return { pyodide: await Promise.all(pyodide.map(rssMb)), jupyter: await Promise.all(jupyter.map(rssMb)) };
}

async function measure(rig: Rig): Promise<BenchResult[]> {
  const { api, jupyter } = rig;
  await checkSpecs(api);
  await api.startServer('admin');
  await processesOf(rig.consolePid, PYODIDE_HOST, rig.seen);
  const starts = await measureStarts(api, rig.consolePid);
  const direct = await DirectJupyter.open(jupyter.url, jupyter.token, JUPYTER_SPEC);
  try {
    const trips = await measureRoundTrips(api, starts, direct);
    const interrupts = { pyodide: await measureInterrupts(api, starts.pyodideId), jupyter: await measureInterrupts(api, starts.jupyterId) };
    const streaming = { pyodide: await measureStreaming(api, starts.pyodideId), jupyter: await measureStreaming(api, starts.jupyterId) };
    const memory = await memoryMb(rig);
    return [
      ...roundTripResults(trips),
      ...startResults(starts),
      ...interruptResults(interrupts),
      ...memoryResults(memory),
      ...streamingResults(streaming),
    ];
  } finally {
    await direct.close();
    await api.shutdown(starts.pyodideId);
    await api.shutdown(starts.jupyterId);
  }
}

/** Both providers offered, or the suite stops here saying what there is. */
async function checkSpecs(api: NotebookApi): Promise<void> {
  const list = await api.specs();
  const names = list.kernelspecs.map((spec) => `${spec.name} (${spec.provider})`);
  for (const [name, provider] of [[PYODIDE_SPEC, 'pyodide'], [JUPYTER_SPEC, 'jupyter']]) {
    if (!list.kernelspecs.some((spec) => spec.name === name && spec.provider === provider)) throw new Error(`${SUITE}: no ${name} on ${provider} among ${names.join(', ')}`);
  }
}

const count = (values: number[]) => `${values.length} runs`;

function roundTripResults(trips: { pyodide: number[]; jupyter: number[]; direct: number[] }): BenchResult[] {
  const how = `POST /run-code {code: "print(1)"} as JSON, request → answer parsed; ${RUNS} runs after ${WARMUP} warm-ups, the three paths taking turns`;
  const direct = `the same Jupyter Server's kernel channels WebSocket from the bench process: execute_request → execute_reply and iopub idle (as the console waits); ${RUNS} runs after ${WARMUP} warm-ups`;
  const ratio = percentile(trips.jupyter, 50) / percentile(trips.direct, 50);
  return [
    result(SUITE, 'print(1) round trip, Pyodide through the console, p50', percentile(trips.pyodide, 50), 'ms', undefined, how),
    result(SUITE, 'print(1) round trip, Pyodide through the console, p95', percentile(trips.pyodide, 95), 'ms', undefined, count(trips.pyodide)),
    result(SUITE, 'print(1) round trip, Jupyter through the console, p50', percentile(trips.jupyter, 50), 'ms', undefined, how),
    result(SUITE, 'print(1) round trip, Jupyter through the console, p95', percentile(trips.jupyter, 95), 'ms', undefined, count(trips.jupyter)),
    result(SUITE, 'print(1) round trip, direct Jupyter WebSocket client, p50', percentile(trips.direct, 50), 'ms', undefined, direct),
    result(SUITE, 'print(1) round trip, direct Jupyter WebSocket client, p95', percentile(trips.direct, 95), 'ms', undefined, count(trips.direct)),
    result(SUITE, 'print(1) round trip, Jupyter: console / direct client, p50', ratio, '×', BUDGET.consoleOverDirect, 'the console adds ≤ 20%: its HTTP API, sign-in check and event mapping on top of the same kernel'),
    result(SUITE, 'print(1) round trip, Jupyter: console / direct client, p95', percentile(trips.jupyter, 95) / percentile(trips.direct, 95), '×'),
  ];
}

function startResults(starts: { warm: number[]; cold: number[]; jupyter: number[] }): BenchResult[] {
  const warm = `POST /start-kernel {kernelspec: "${PYODIDE_SPEC}"} → 201, once the spare's process had used no CPU for ${SPARE_QUIET_MS} ms (loaded); ${STARTS} rounds`;
  const cold = `the start right after a warm one, before the spare is replenished: it waits for the spare begun a moment earlier to load, while yet another spare begins (2 loading at once); ${STARTS} rounds`;
  const jupyter = `POST /start-kernel {kernelspec: "${JUPYTER_SPEC}"} → 201 on the external Jupyter Server (the console waits for kernel_info); ${STARTS} starts`;
  return [
    result(SUITE, 'kernel start, Pyodide from the warm spare, median', median(starts.warm), 'ms', BUDGET.warmStartMs, warm),
    result(SUITE, 'kernel start, Pyodide from the warm spare, max', Math.max(...starts.warm), 'ms', undefined, warm),
    result(SUITE, 'kernel start, Pyodide cold, median', median(starts.cold), 'ms', undefined, cold),
    result(SUITE, 'kernel start, Jupyter, median', median(starts.jupyter), 'ms', undefined, jupyter),
  ];
}

function interruptResults(latency: { pyodide: number[]; jupyter: number[] }): BenchResult[] {
  const how = `streamed run of \`while True: pass\`, POST /kernels/{id}/interrupt ${INTERRUPT_AFTER_MS} ms after the stream opened; interrupt sent → done event (aborted) at the client; median of ${INTERRUPTS}`;
  return [
    result(SUITE, 'interrupt latency, Pyodide, median', median(latency.pyodide), 'ms', undefined, how),
    result(SUITE, 'interrupt latency, Jupyter, median', median(latency.jupyter), 'ms', undefined, how),
  ];
}

function memoryResults(memory: { pyodide: number[]; jupyter: number[] }): BenchResult[] {
  return [
    result(
      SUITE,
      'memory per kernel, Pyodide, median RSS',
      median(memory.pyodide),
      'MB',
      undefined,
      `VmRSS of ${memory.pyodide.length} ${PYODIDE_HOST} processes under the console server (1 used kernel + the loaded spare; Node + its Pyodide worker)`,
    ),
    result(
      SUITE,
      'memory per kernel, Jupyter, median RSS',
      median(memory.jupyter),
      'MB',
      undefined,
      `VmRSS of ${memory.jupyter.length} ${IPYKERNEL} processes of the Jupyter Server (the console's kernel and the direct client's), the server itself not counted`,
    ),
  ];
}

function streamingResults(lags: { pyodide: number[]; jupyter: number[] }): BenchResult[] {
  const how = `${STREAMS} streamed runs printing time.time()*1000 (flush) ${PRINTS} times 100 ms apart; per line, Date.now() at its event's arrival minus the printed time (same machine, same clock)`;
  return [
    result(SUITE, 'streaming: print → event at the client, Pyodide, p50', percentile(lags.pyodide, 50), 'ms', undefined, how),
    result(SUITE, 'streaming: print → event at the client, Pyodide, p95', percentile(lags.pyodide, 95), 'ms', undefined, `${lags.pyodide.length} lines`),
    result(SUITE, 'streaming: print → event at the client, Jupyter, p50', percentile(lags.jupyter, 50), 'ms', undefined, how),
    result(SUITE, 'streaming: print → event at the client, Jupyter, p95', percentile(lags.jupyter, 95), 'ms', undefined, `${lags.jupyter.length} lines`),
  ];
}

/** Waits for every kernel process seen to end; any still there is killed and reported. */
async function leftovers(seen: Set<number>): Promise<number[]> {
  const deadline = Date.now() + EXIT_LIMIT_MS;
  while ([...seen].some(alive) && Date.now() < deadline) await sleep(200);
  const left = [...seen].filter(alive);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return left;
}

/**
 * Kernels on a console server with one warm Pyodide spare and an external Jupyter Server the suite
 * starts itself (the direct client's baseline runs on that same server).
 */
export const kernelsSuite: BenchSuite = {
  name: SUITE,
  async run() {
    const home = tempFolder('console-bench-jupyter-');
    const token = randomBytes(24).toString('hex');
    const seen = new Set<number>();
    let results: BenchResult[] = [];
    const jupyter = await spawnJupyterServer(token, home.dir);
    try {
      const server = await ConsoleServer.start({ CONSOLE_KERNEL_SPARES: '1', CONSOLE_JUPYTER_URL: jupyter.url, CONSOLE_JUPYTER_TOKEN: token });
      try {
        const rig: Rig = { api: await NotebookApi.signIn(server.url), jupyter, consolePid: await consoleServerPid(server.port), seen };
        seen.add(rig.consolePid);
        results = await measure(rig);
      } finally {
        await server.dispose();
      }
    } finally {
      await jupyter.stop();
      home.remove();
    }
    const left = await leftovers(seen);
    if (left.length > 0) throw new Error(`${SUITE}: kernel processes ${left.join(', ')} outlived their servers (killed)`);
    return results;
  },
};
