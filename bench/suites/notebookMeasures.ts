import type { Page } from '@playwright/test';
import { keystrokesOf, type Keystroke } from '../support/eventTiming';
import { within } from '../support/time';
import { IN_PAGE, type NotebookBenchWindow, type NotebookSelectors, type ScrollRecord } from './notebookPage';

/** The measures taken the same way in our editor and in classic Jupyter (notebookPage.ts runs in the page). */

declare const window: NotebookBenchWindow;

export const VIEWPORT = { width: 1280, height: 900 };
/** Characters no generated code cell holds, one per open: its appearance is that keystroke's. */
const PROBES = 'QJKVZWYX';
const STEP_LIMIT_MS = 30_000;
const TYPED = 'the quick brown fox jumps over the lazy dog ';
const WARMUP_KEYS = 'warm up ';
/** px per frame: a fast wheel (≈ 18,000 px/s at 60 Hz); the whole notebook goes by. */
export const SCROLL_STEP = 300;
const SCROLL_MAX_FRAMES = 2_000;
export const KEYS = TYPED.length;

export async function install(page: Page): Promise<void> {
  await page.evaluate(IN_PAGE);
}

/**
 * From `start` (performance.now() in the page when the navigation began) until a click in the
 * middle visible code cell's source lets a typed character show: the first screen's paint, and
 * that character's. The click and the key are real input (Playwright's mouse and keyboard).
 */
export async function openToInteractive(page: Page, s: NotebookSelectors, start: number, run: number, limitMs = STEP_LIMIT_MS): Promise<{ painted: number; interactive: number }> {
  const ms = STEP_LIMIT_MS;
  const painted = await within(limitMs, 'first screen of cells', page.evaluate((a) => window.nbBench.firstScreen(a.s, a.ms), { s, ms: limitMs }));
  const at = await page.evaluate((sel) => window.nbBench.pickMiddle(sel), s);
  await page.mouse.click(at.x, at.y);
  await within(ms, 'cell focused', page.evaluate((limit) => window.nbBench.focused(limit), ms));
  const char = PROBES[run % PROBES.length];
  await page.keyboard.type(char);
  const shown = await within(ms, 'typed character shown', page.evaluate((a) => window.nbBench.shows(a.s, a.char, a.ms), { s, char, ms }));
  return { painted: painted - start, interactive: shown - start };
}

export interface Typing {
  strokes: Keystroke[];
  /** The event types Event Timing reported (pointer events among them are not counted as the keys'). */
  names: string[];
  keys: number;
  /** keydown events Chromium counted (a check that every key arrived). */
  keydowns: number;
  work: number[];
}

/** Keys typed one by one into the focused cell, each waited for until painted and quiet; Event Timing meanwhile. */
export async function measureTyping(page: Page): Promise<Typing> {
  await page.keyboard.type(WARMUP_KEYS, { delay: 30 });
  await page.waitForTimeout(600); // the typing pause passes: its edit is written before the measure
  await page.evaluate(() => window.nbBench.startTyping());
  for (const key of TYPED) {
    await page.evaluate(() => window.nbBench.arm());
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await within(STEP_LIMIT_MS, 'keystroke', page.evaluate(() => window.nbBench.keystrokeDone()));
  }
  const record = await page.evaluate(() => window.nbBench.stopTyping());
  const names = [...new Set(record.entries.map((e) => e.name))].sort();
  return { strokes: keystrokesOf(record.entries, record.armedAt), names, keys: TYPED.length, keydowns: record.keydowns, work: record.work };
}

/** A key, then until the edit's readwrite transaction over `store` has completed; `pauseMs` after the key is when the editor writes. */
export async function measureEditWrites(page: Page, store: string, pauseMs: number, rounds: number): Promise<{ afterPause: number[]; transaction: number[] }> {
  const afterPause: number[] = [];
  const transaction: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await page.keyboard.press('x');
    const typedAt = await page.evaluate(() => window.nbBench.lastInputAt());
    const deadline = Date.now() + 15_000;
    for (;;) {
      const writes = await page.evaluate((a) => window.nbBench.writesSince(a.store, a.typedAt), { store, typedAt });
      const done = writes.find((w) => w.end !== null);
      if (done && done.end !== null) {
        afterPause.push(done.end - typedAt - pauseMs);
        transaction.push(done.end - done.start);
        break;
      }
      if (Date.now() > deadline) throw new Error(`no write to ${store} within 15 s of a keystroke`);
      await page.waitForTimeout(20);
    }
    await page.waitForTimeout(300);
  }
  return { afterPause, transaction };
}

export async function jumpToEnd(page: Page, s: NotebookSelectors): Promise<number> {
  return within(STEP_LIMIT_MS, 'jump to the end', page.evaluate((a) => window.nbBench.jumpToEnd(a.s, a.ms), { s, ms: STEP_LIMIT_MS }));
}

export async function scrollThrough(page: Page, s: NotebookSelectors): Promise<ScrollRecord> {
  return within(120_000, 'scroll through', page.evaluate((a) => window.nbBench.scrollThrough(a.s, a.step, a.max), { s, step: SCROLL_STEP, max: SCROLL_MAX_FRAMES }));
}

/** The page's main-thread JS heap after a garbage collection, in MB (CDP Runtime.getHeapUsage). */
export async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 2 ** 20;
  } finally {
    await cdp.detach();
  }
}
