import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { openDiskProfile } from '../support/chromium';
import { within } from '../support/time';
import { CELLS, FOLDER } from './notebookConsole';
import { VIEWPORT } from './notebookMeasures';
import type { NotebookSelectors } from './notebookPage';

/** Navigations measured per kind, each to a copy never opened in that browser. */
export const NAV_RUNS = { warm: 5, cold: 3 };
const LIMIT_MS = 30_000;
const navName = (kind: 'warm' | 'cold', run: number) => `nav-${kind}-${run}.ipynb`;

/** The copies the navigations open, written beside the suite's others. */
export async function seedNavigationCopies(dataDir: string, content: string): Promise<void> {
  for (const kind of ['warm', 'cold'] as const) {
    for (let run = 0; run <= NAV_RUNS[kind]; run++) await writeFile(join(dataDir, 'workspace', FOLDER, navName(kind, run)), content);
  }
}

/**
 * In the page, from its first script on: the first screen of cells, then a jump to the end, until
 * the last cell is on screen and painted; the epoch time after that paint (performance.timeOrigin
 * is this document's navigation start, so page.goto's clock in Node compares to it).
 */
const TO_END = `async (s, limitMs) => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  const tick = () => new Promise((done) => { const c = new MessageChannel(); c.port1.onmessage = done; c.port2.postMessage(0); });
  const until = async (what, ready) => {
    while (!ready()) {
      if (performance.now() > limitMs) throw new Error(what + ' not within ' + limitMs + ' ms of the navigation');
      await frame();
    }
  };
  const scroller = () => document.querySelector(s.scroller);
  await until('a screen of cells', () => scroller() && document.querySelectorAll(s.cell).length >= 3);
  const el = scroller();
  el.scrollTop = el.scrollHeight;
  await until('the last cell', () => {
    const last = document.querySelector(s.last);
    if (!last) { el.scrollTop = el.scrollHeight; return false; }
    const r = last.getBoundingClientRect(), box = el.getBoundingClientRect();
    return r.bottom > box.top && r.top < Math.min(box.bottom, innerHeight);
  });
  await tick();
  return performance.timeOrigin + performance.now();
}`;

/** page.goto(the notebook's URL) → its last cell on screen after a jump to the end, in ms. */
async function navigateToEnd(page: Page, url: string, s: NotebookSelectors): Promise<number> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const end = await within(LIMIT_MS, 'navigation to the last cell', page.evaluate(`(${TO_END})(${JSON.stringify(s)}, ${LIMIT_MS})`) as Promise<number>);
  return end - started;
}

const urlOf = (base: string, name: string) => `${base}/admin/workspace/notebook/${FOLDER}/${encodeURIComponent(name)}`;

export interface Navigation {
  warm: number[];
  cold: number[];
}

/**
 * Warm: a signed-in page whose app is cached (the service worker controls it), a warm-up
 * navigation first. Cold: each run in a new Chromium profile on disk holding only the session
 * cookie: no service worker, no HTTP cache, no IndexedDB.
 */
export async function measureNavigation(context: BrowserContext, base: string, s: NotebookSelectors): Promise<Navigation> {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  const warm: number[] = [];
  for (let run = 0; run <= NAV_RUNS.warm; run++) warm.push(await navigateToEnd(page, urlOf(base, navName('warm', run)), s));
  await page.close();
  const cookies = await context.cookies();
  const cold: number[] = [];
  for (let run = 1; run <= NAV_RUNS.cold; run++) {
    const profile = await openDiskProfile();
    try {
      await profile.context.addCookies(cookies);
      const fresh = profile.context.pages()[0] ?? (await profile.context.newPage());
      await fresh.setViewportSize(VIEWPORT);
      cold.push(await navigateToEnd(fresh, urlOf(base, navName('cold', run)), s));
    } finally {
      await profile.close();
    }
  }
  return { warm: warm.slice(1), cold };
}

export const NAV_NOTE = `page.goto(the notebook's URL) → the first screen of cells, a jump to the end (scrollTop = scrollHeight) → the ${CELLS.toLocaleString('en-US')}th cell on screen, painted`;
