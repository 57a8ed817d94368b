import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HubApi } from '../../server/kernels/jupyterhub/hubApi';
import { ConsoleServer } from '../../tests/support/consoleServer';
import { hubServiceToken, jupyterhub } from '../../upstreams/jupyterhub';
import { down, up, whyNotHere, type Where } from '../../upstreams/lifecycle';
import { basePython, cacheRoot } from '../../upstreams/paths';
import { secretsFor } from '../../upstreams/state';
import { DirectJupyter } from '../support/jupyterDirect';
import { NotebookApi } from '../support/notebookApi';
import { sleep, within } from '../support/time';
import { median, result, type BenchResult, type BenchSuite } from '../types';

/** Personal notebook servers on a real JupyterHub 6.1.1, through the console against the Hub's REST API straight (issue 33 §3). */

const SUITE = 'jupyterhub';
const STARTS = 3;
const WARMUP = 5;
const RUNS = 40;
const START_LIMIT_MS = 120_000;
/** The console's admin is the Hub user `admin`; the direct client spawns a user of its own. */
const CONSOLE_USER = 'admin';
const DIRECT_USER = 'bench-direct';

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${SUITE}: ${what} did not happen in ${START_LIMIT_MS / 1000} s`);
    await sleep(100);
  }
}

/** Start server → a kernel → print(1)'s output, through the console's Notebook API (what the toolbar's Start server and a first run do). */
async function consoleStart(api: NotebookApi): Promise<{ ms: number; kernelId: string }> {
  let kernelId = '';
  const ms = await timed(async () => {
    await api.startServer(CONSOLE_USER);
    await until('the console user’s server running', async () => (await api.serverStatus(CONSOLE_USER)).status === 'running');
    const spec = (await api.specs()).kernelspecs.find((each) => each.provider === 'jupyter');
    if (!spec) throw new Error(`${SUITE}: the console lists no kernelspec of the Hub`);
    kernelId = (await api.startKernel(spec.name)).id;
    if ((await api.run(kernelId, 'print(1)')).output !== '1\n') throw new Error(`${SUITE}: print(1) through the console printed something else`);
  });
  return { ms, kernelId };
}

/** The same spawn driven straight through the Hub's REST API, then a kernel and print(1) by a bare Jupyter client. */
async function directStart(hub: HubApi): Promise<{ ms: number; direct: DirectJupyter }> {
  let direct: DirectJupyter | null = null;
  const ms = await timed(async () => {
    await hub.createUser(DIRECT_USER);
    await hub.startServer(DIRECT_USER);
    await until('the direct user’s server ready', async () => (await hub.user(DIRECT_USER))?.servers?.['']?.ready === true);
    const { token } = await hub.mintToken(DIRECT_USER);
    direct = await DirectJupyter.open(`${hub.url}/user/${DIRECT_USER}`, token, 'python3');
    await direct.run('print(1)');
  });
  return { ms, direct: direct! };
}

async function stopBoth(api: NotebookApi, hub: HubApi): Promise<void> {
  await api.stopServer(CONSOLE_USER);
  await hub.stopServer(DIRECT_USER);
  await until('both servers stopped', async () => !(await hub.user(CONSOLE_USER))?.servers?.[''] && !(await hub.user(DIRECT_USER))?.servers?.['']);
}

async function measure(api: NotebookApi, hub: HubApi): Promise<BenchResult[]> {
  const starts = { console: [] as number[], direct: [] as number[] };
  const trips = { console: [] as number[], direct: [] as number[] };
  for (let round = 0; round < STARTS; round++) {
    const ours = await consoleStart(api);
    const theirs = await directStart(hub);
    starts.console.push(ours.ms);
    starts.direct.push(theirs.ms);
    if (round === STARTS - 1) {
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const a = await timed(() => api.run(ours.kernelId, 'print(1)'));
        const b = await within(60_000, 'a direct run', timed(() => theirs.direct.run('print(1)')));
        if (i < WARMUP) continue;
        trips.console.push(a);
        trips.direct.push(b);
      }
    }
    await theirs.direct.close();
    await stopBoth(api, hub);
  }
  const startNote = `${STARTS} rounds, each from stopped: start the user's server, wait until it runs, start a kernel, print(1)'s output; the Hub's slow spawn (3 s delay) in both; console = the Notebook API (start-server, status-server, start-kernel, run-code), straight = the Hub's REST API and a bare Jupyter client through the Hub's proxy`;
  const tripNote = `${RUNS} interleaved print(1) after ${WARMUP} warm-up, each on a kernel of its own user's Hub server, through the Hub's proxy: the console's run-code against a bare Jupyter client`;
  return [
    result(SUITE, 'start server → print(1): through the console, median', median(starts.console), 'ms', undefined, startNote),
    result(SUITE, 'start server → print(1): straight to the Hub, median', median(starts.direct), 'ms', undefined, startNote),
    result(SUITE, 'start server → print(1): console ÷ straight (ratio of medians)', median(starts.console) / median(starts.direct), '×', 1.1, startNote),
    result(SUITE, 'print(1) round trip: through the console, median', median(trips.console), 'ms', undefined, tripNote),
    result(SUITE, 'print(1) round trip: direct client, median', median(trips.direct), 'ms', undefined, tripNote),
    result(SUITE, 'print(1) round trip: console ÷ direct (ratio of medians)', median(trips.console) / median(trips.direct), '×', 1.2, tripNote),
  ];
}

async function measureAll(): Promise<BenchResult[]> {
  const where: Where = { cache: cacheRoot(), stateRoot: await mkdtemp(path.join(tmpdir(), 'console-bench-hub-')), basePython: basePython(), say: () => {} };
  try {
    const running = await up(jupyterhub, where);
    const token = hubServiceToken(secretsFor(running.stateDir, []));
    const server = await ConsoleServer.start({ CONSOLE_JUPYTERHUB_URL: running.url, CONSOLE_JUPYTERHUB_TOKEN: token });
    try {
      return await measure(await NotebookApi.signIn(server.url), new HubApi(running.url, token));
    } finally {
      await server.dispose();
    }
  } finally {
    await down(jupyterhub.name, where);
    await rm(where.stateRoot, { recursive: true, force: true });
  }
}

export const jupyterhubSuite: BenchSuite = {
  name: SUITE,
  async run() {
    const why = await whyNotHere(jupyterhub, { cache: cacheRoot(), basePython: basePython() });
    if (why) {
      console.warn(`bench ${SUITE}: skipped, ${why}.`);
      return [];
    }
    return measureAll();
  },
};
