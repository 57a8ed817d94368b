import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { serializeNotebook } from '../../src/model/nbformat/serialize';
import { ConsoleServer } from '../../tests/support/consoleServer';
import { signInAsAdmin } from '../support/consolePage';
import { runAllNotebook } from '../support/notebookGen';
import { alive, consoleServerPid, descendants, untilQuiet } from '../support/processes';
import { sleep, within } from '../support/time';
import { PYODIDE_HOST, PYODIDE_SPEC, SPARE_LIMIT_MS, SPARE_QUIET_MS } from './kernelsMeasures';
import { install, jumpToEnd, VIEWPORT } from './notebookMeasures';
import type { NotebookSelectors } from './notebookPage';

export const RUN_ALL_CELLS = 100;
const FOLDER = 'bench-run-all';
const NAME = 'run-all.ipynb';
const RUN_LIMIT_MS = 120_000;
const KERNEL_LIMIT_MS = 180_000;
const EXIT_LIMIT_MS = 15_000;

const SELECTORS: NotebookSelectors = {
  cell: '.nb-edit-cell',
  code: '[data-cell-type="code"]',
  source: '.nb-source-box',
  text: '.nb-code-editor .cm-content',
  scroller: '.nb-scroller',
  last: `.nb-edit-cell[data-cell-index="${RUN_ALL_CELLS - 1}"]`,
};

export interface RunAll {
  /** Click → the last cell's printed line painted. */
  total: number;
  /** Click → the kernel out of 'restarting' (null when no frame saw it restarting). */
  restart: number | null;
}

interface RunAllWindow {
  nbRunAll(last: string, expected: string, limitMs: number): Promise<RunAll>;
}
declare const window: RunAllWindow;

/** Plain JavaScript (see notebookPage.ts): clicks Restart & run all, confirms it, and watches the kernel's state and the last cell each frame. */
const IN_PAGE_RUN = `(() => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  const tick = () => new Promise((done) => { const c = new MessageChannel(); c.port1.onmessage = () => done(performance.now()); c.port2.postMessage(0); });
  window.nbRunAll = async (last, expected, limitMs) => {
    const button = document.querySelector('button[aria-label="Restart & run all"]');
    if (!button || button.disabled) throw new Error('no enabled Restart & run all button');
    const state = () => document.querySelector('[data-testid="kernel-status"]')?.getAttribute('data-state');
    button.click();
    // It asks first (a restart loses the variables): the clock starts at the yes.
    const asked = performance.now();
    let confirm = null;
    while (!(confirm = document.querySelector('[role="alertdialog"] button.primary'))) {
      if (performance.now() - asked > limitMs) throw new Error('Restart & run all asked nothing within ' + limitMs + ' ms');
      await frame();
    }
    const start = performance.now();
    confirm.click();
    let restarting = false;
    let restart = null;
    for (;;) {
      if (state() === 'restarting') restarting = true;
      else if (restarting && restart === null) restart = performance.now() - start;
      const outputs = document.querySelector(last + ' [role="group"][aria-label="Outputs"]');
      if (outputs && (outputs.textContent || '').includes(expected)) break;
      if (performance.now() - start > limitMs) throw new Error('the last cell printed no ' + expected + ' within ' + limitMs + ' ms');
      await frame();
    }
    return { total: (await tick()) - start, restart };
  };
})()`;

/** The notebook open, its last cell on screen, a Pyodide kernel started and idle. */
async function prepare(page: Page, base: string): Promise<void> {
  await page.setViewportSize(VIEWPORT);
  await signInAsAdmin(page, base);
  await page.goto(`${base}/admin/workspace/notebook/${FOLDER}/${NAME}`);
  await page.locator('.nb-edit-cell').first().waitFor({ timeout: 60_000 });
  await install(page);
  await jumpToEnd(page, SELECTORS);
  await page.getByRole('combobox', { name: 'Kernel', exact: true }).selectOption(PYODIDE_SPEC);
  await page.locator('[data-testid="kernel-status"][data-state="idle"]').waitFor({ timeout: KERNEL_LIMIT_MS });
}

/** Waits for every process seen to end; any still there is killed and named. */
async function leftovers(pids: number[]): Promise<number[]> {
  const deadline = Date.now() + EXIT_LIMIT_MS;
  while (pids.some(alive) && Date.now() < deadline) await sleep(200);
  const left = pids.filter(alive);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return left;
}

/**
 * Restart & run all over 100 one-line cells on the default Pyodide kernel, on a console server of
 * its own with one warm spare (as the console runs by default), measured once the spare has loaded.
 */
export async function measureRunAll(context: BrowserContext): Promise<RunAll> {
  const server = await ConsoleServer.start({ CONSOLE_KERNEL_SPARES: '1' });
  const seen: number[] = [];
  let measured: RunAll;
  try {
    const folder = join(server.dataDir, 'workspace', FOLDER);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, NAME), serializeNotebook(runAllNotebook(RUN_ALL_CELLS)));
    const consolePid = await consoleServerPid(server.port);
    const page = await context.newPage();
    try {
      await prepare(page, server.url);
      const kernels = await descendants(consolePid, PYODIDE_HOST);
      seen.push(...kernels);
      await untilQuiet(kernels, SPARE_QUIET_MS, SPARE_LIMIT_MS);
      await page.evaluate(IN_PAGE_RUN);
      const expected = `done ${RUN_ALL_CELLS - 1}`;
      measured = await within(RUN_LIMIT_MS + 5_000, 'restart & run all', page.evaluate((a) => window.nbRunAll(a.last, a.expected, a.ms), { last: SELECTORS.last, expected, ms: RUN_LIMIT_MS }));
      seen.push(...(await descendants(consolePid, PYODIDE_HOST)));
    } finally {
      await page.close();
    }
  } finally {
    await server.dispose();
  }
  const left = await leftovers([...new Set(seen)]);
  if (left.length > 0) throw new Error(`run all: kernel processes ${left.join(', ')} outlived the console server (killed)`);
  return measured;
}
