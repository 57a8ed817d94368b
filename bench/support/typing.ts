import type { Locator, Page } from '@playwright/test';
import type { NotebookBenchWindow } from '../suites/notebookPage';
import { sleep, within } from './time';

declare const window: NotebookBenchWindow & Window;

/**
 * Types `word` into `box` one key at a time, `paceMs` apart, each key armed for Event Timing by the
 * page's probe (notebookPage.ts IN_PAGE, installed and started by the caller) and left to paint.
 * Answers how many keys it typed.
 */
export async function typePaced(page: Page, box: Locator, word: string, paceMs: number, what: string): Promise<number> {
  await box.click();
  for (const key of word) {
    const pressed = Date.now();
    await page.evaluate(() => window.nbBench.arm());
    await page.keyboard.press(key);
    await within(30_000, `${what}: keystroke`, page.evaluate(() => window.nbBench.keystrokeDone()));
    await sleep(Math.max(0, paceMs - (Date.now() - pressed)));
  }
  return word.length;
}
