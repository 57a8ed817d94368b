import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { serializeNotebook } from '../../src/model/nbformat/serialize';
import { signInAsAdmin, waitForController } from '../support/consolePage';
import { benchNotebook } from '../support/notebookGen';
import { heapMb, install, jumpToEnd, measureEditWrites, measureTyping, openToInteractive, scrollThrough, VIEWPORT, type Typing } from './notebookMeasures';
import { IDB_INIT, type NotebookBenchWindow, type NotebookSelectors, type ScrollRecord } from './notebookPage';

declare const window: NotebookBenchWindow;

export const CELLS = 1000;
export const FOLDER = 'bench-notebook';
/** Opens measured after one warm-up open; each of a copy never opened before (a doc with no local edits opens from the server's file). */
export const OPEN_RUNS = 5;
export const EDIT_ROUNDS = 5;
/** The editor writes typing as one edit once it pauses this long (useTyping). */
export const TYPING_PAUSE_MS = 400;

export const OURS: NotebookSelectors = {
  cell: '.nb-edit-cell',
  code: '[data-cell-type="code"]',
  source: '.nb-source-box',
  text: '.nb-code-editor .cm-content',
  scroller: '.nb-scroller',
  last: `.nb-edit-cell[data-cell-index="${CELLS - 1}"]`,
};

export const copyName = (run: number) => `big-${run}.ipynb`;

/** The notebook's copies written straight into the workspace folder: the server lists what it finds on disk. */
export async function seedNotebooks(dataDir: string, extra: Record<string, string> = {}): Promise<string> {
  const folder = join(dataDir, 'workspace', FOLDER);
  await mkdir(folder, { recursive: true });
  const content = serializeNotebook(benchNotebook(CELLS));
  for (let run = 0; run <= OPEN_RUNS; run++) await writeFile(join(folder, copyName(run)), content);
  for (const [name, text] of Object.entries(extra)) await writeFile(join(folder, name), text);
  return content;
}

export interface ConsoleMeasures {
  painted: number[];
  interactive: number[];
  firstOpen: { painted: number; interactive: number };
  typing: Typing;
  edits: { afterPause: number[]; transaction: number[] };
  toEnd: number;
  scroll: ScrollRecord;
  heapOpen: number;
  heapScrolled: number;
}

/** The folder's listing loaded in full (the app and the listing cached), then a click on the copy's link. */
async function openOnce(page: Page, base: string, run: number) {
  await page.goto(`${base}/admin/workspace?folder=${FOLDER}`);
  await page.getByRole('link', { name: copyName(run), exact: true }).waitFor({ timeout: 30_000 });
  await install(page);
  const start = await page.evaluate((name) => window.nbBench.clickLink(name), copyName(run));
  return openToInteractive(page, OURS, start, run);
}

/**
 * Our editor on the console at `base`, in `page` (a Chromium profile on disk, so IndexedDB and the
 * service worker's cache are as an installed console has them).
 */
export async function measureConsole(page: Page, base: string): Promise<ConsoleMeasures> {
  await page.setViewportSize(VIEWPORT);
  await page.context().addInitScript(IDB_INIT);
  await signInAsAdmin(page, base);
  await waitForController(page, 60_000);
  const firstOpen = await openOnce(page, base, 0);
  const painted: number[] = [];
  const interactive: number[] = [];
  for (let run = 1; run <= OPEN_RUNS; run++) {
    const open = await openOnce(page, base, run);
    painted.push(open.painted);
    interactive.push(open.interactive);
  }
  // The last copy stays open, its middle cell in edit mode.
  const heapOpen = await heapMb(page);
  const typing = await measureTyping(page);
  const edits = await measureEditWrites(page, 'notebookDocs', TYPING_PAUSE_MS, EDIT_ROUNDS);
  const toEnd = await jumpToEnd(page, OURS);
  const scroll = await scrollThrough(page, OURS);
  const heapScrolled = await heapMb(page);
  return { painted, interactive, firstOpen, typing, edits, toEnd, scroll, heapOpen, heapScrolled };
}
