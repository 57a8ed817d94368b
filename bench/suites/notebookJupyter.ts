import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { answers, tempFolder } from '../../server/kernels/jupyter/testing/jupyter';
import { freePort } from '../../server/util/freePort';
import { alive, descendants } from '../support/processes';
import { sleep } from '../support/time';
import { heapMb, install, jumpToEnd, measureTyping, openToInteractive, scrollThrough, VIEWPORT, type Typing } from './notebookMeasures';
import type { NotebookSelectors, ScrollRecord } from './notebookPage';

/** Debian's classic Jupyter Notebook (6.4), the baseline our editor is compared with. */
export const JUPYTER_NOTEBOOK = '/usr/bin/jupyter-notebook';
/**
 * Loads measured, each a full page load, after a warm-up with a small notebook (the same page and
 * scripts, then in the HTTP cache). One: a load of 1,000 cells takes tens of seconds.
 */
export const JUPYTER_RUNS = 1;
const NAME = 'big.ipynb';
const WARM_NAME = 'small.ipynb';
/** Classic Jupyter renders every cell (a CodeMirror each) before it shows the notebook. */
const OPEN_LIMIT_MS = 300_000;
const START_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 10_000;

export const JUPYTER: NotebookSelectors = {
  cell: '#notebook-container > .cell',
  code: '.code_cell',
  source: '.input_area .CodeMirror-lines',
  text: '.input_area .CodeMirror-code',
  scroller: '#site',
  last: '#notebook-container > .cell:last-child',
};

export interface JupyterMeasures {
  painted: number[];
  interactive: number[];
  typing: Typing;
  toEnd: number;
  scroll: ScrollRecord;
  heapOpen: number;
  heapScrolled: number;
}

interface Spawned {
  url: string;
  token: string;
  child: ChildProcess;
  log: () => string;
}

/** The server in its own process group (detached), on a free port, with a token, its home and config in `dir`. */
async function startNotebook(dir: string): Promise<Spawned> {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const args = ['--no-browser', '--ip=127.0.0.1', `--port=${port}`, `--NotebookApp.token=${token}`, `--notebook-dir=${dir}`];
  if (process.getuid?.() === 0) args.push('--allow-root');
  const env = { PATH: process.env.PATH, HOME: dir, IPYTHONDIR: join(dir, '.ipython'), JUPYTER_RUNTIME_DIR: join(dir, '.runtime'), JUPYTER_CONFIG_DIR: join(dir, '.config') };
  const child = spawn(JUPYTER_NOTEBOOK, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const spawned = { url: `http://127.0.0.1:${port}`, token, child, log: () => log };
  const deadline = Date.now() + START_LIMIT_MS;
  while (!(await answers(spawned.url, token))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stopNotebook(spawned);
      throw new Error(`jupyter-notebook did not answer on port ${port}:\n${log.slice(-2000)}`);
    }
    await sleep(200);
  }
  return spawned;
}

/** SIGTERM to the whole group, SIGKILL after a while; its kernels (their own sessions) are ended by pid. */
async function stopNotebook({ child }: Spawned): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const kernels = await descendants(pid, 'ipykernel');
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is gone already
    }
  };
  group('SIGTERM');
  const deadline = Date.now() + STOP_LIMIT_MS;
  while ((alive(pid) || kernels.some(alive)) && Date.now() < deadline) await sleep(100);
  group('SIGKILL');
  for (const kernel of kernels.filter(alive)) process.kill(kernel, 'SIGKILL');
}

/** One full load of the notebook's page: navigation start (the page's time origin) → a typed character shows. */
async function openOnce(page: Page, url: string, run: number, name = NAME) {
  await page.goto(`${url}/notebooks/${name}`, { waitUntil: 'commit' });
  await install(page);
  return openToInteractive(page, JUPYTER, 0, run, OPEN_LIMIT_MS);
}

async function measure(page: Page, url: string, token: string): Promise<JupyterMeasures> {
  await page.setViewportSize(VIEWPORT);
  // Leaving a notebook with typed changes asks first; the bench always leaves.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${url}/tree?token=${token}`); // signs in (a cookie)
  await openOnce(page, url, 0, WARM_NAME);
  const painted: number[] = [];
  const interactive: number[] = [];
  for (let run = 1; run <= JUPYTER_RUNS; run++) {
    const open = await openOnce(page, url, run);
    painted.push(open.painted);
    interactive.push(open.interactive);
  }
  const heapOpen = await heapMb(page);
  const typing = await measureTyping(page);
  const toEnd = await jumpToEnd(page, JUPYTER);
  const scroll = await scrollThrough(page, JUPYTER);
  const heapScrolled = await heapMb(page);
  return { painted, interactive, typing, toEnd, scroll, heapOpen, heapScrolled };
}

/**
 * The same notebook (`content`) in classic Jupyter Notebook, in a page of `context` (`small`, a few
 * cells, warms it up); skipped with the reason when jupyter-notebook is not installed. The server is always stopped, kernels included.
 */
export async function measureJupyter(context: BrowserContext, content: string, small: string): Promise<JupyterMeasures | { skipped: string }> {
  if (!existsSync(JUPYTER_NOTEBOOK)) return { skipped: `${JUPYTER_NOTEBOOK} is not installed (Debian package jupyter-notebook)` };
  const home = tempFolder('console-bench-classic-');
  try {
    await writeFile(join(home.dir, NAME), content);
    await writeFile(join(home.dir, WARM_NAME), small);
    const server = await startNotebook(home.dir);
    try {
      const page = await context.newPage();
      try {
        return await measure(page, server.url, server.token);
      } finally {
        await page.close({ runBeforeUnload: false });
      }
    } finally {
      await stopNotebook(server);
    }
  } finally {
    home.remove();
  }
}
