import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { serializeNotebook } from '../../src/model/nbformat/serialize';
import { newNotebook } from '../../src/model/nbformat/create';
import { importedMessage } from '../../src/commands/notebook/import';
import { SEARCH_DELAY_MS } from '../../src/ui/hooks/useTypingPause';
import { ConsoleServer } from '../../tests/support/consoleServer';
import { signInAsAdmin } from '../support/consolePage';
import { within } from '../support/time';
import { median, percentile, result, type BenchResult, type BenchSuite } from '../types';
import { IN_PAGE, type WorkspaceBenchWindow } from './workspacePage';

const SUITE = 'workspace';
const VIEWPORT = { width: 1280, height: 800 };
const BIG = 'bench-10k';
const ITEMS = 10_000;
const OPEN_RUNS = 7;
/** Typed one character at a time into the filter, cleared before each. */
const QUERIES = ['nb-01', 'report', 'x9', 'nb-0999'];
const TYPE_ROUNDS = 3;
const IMPORTS = 50;

declare const window: WorkspaceBenchWindow;

/** 10,000 notebooks written straight into the workspace folder: the server lists what it finds on disk. */
async function seedBigFolder(dataDir: string): Promise<void> {
  const folder = join(dataDir, 'workspace', BIG);
  await mkdir(folder, { recursive: true });
  const content = serializeNotebook(newNotebook());
  for (let i = 0; i < ITEMS; i += 500) {
    const batch = Array.from({ length: Math.min(500, ITEMS - i) }, (_, j) => {
      const n = i + j;
      const name = n % 10 === 0 ? `report-${String(n).padStart(5, '0')}.ipynb` : `nb-${String(n).padStart(5, '0')}.ipynb`;
      return writeFile(join(folder, name), content);
    });
    await Promise.all(batch);
  }
}

async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(IN_PAGE);
}

/** From the root listing, a click on the big folder's name → its first rows painted. */
async function measureOpen(page: Page, base: string): Promise<number[]> {
  const runs: number[] = [];
  for (let i = 0; i < OPEN_RUNS + 1; i++) {
    await openPage(page, `${base}/admin/workspace`);
    await page.getByRole('link', { name: BIG, exact: true }).waitFor();
    const ms = await within(30_000, `${SUITE}: open ${i}`, page.evaluate((name) => window.workspaceBench.openFolder(name), BIG));
    if (i > 0) runs.push(ms); // the first warms the code paths
  }
  return runs;
}

/**
 * Each query typed into the search box a character at a time: main-thread busy time per keystroke
 * until painted, and from the last keystroke until the filtered rows are painted.
 */
async function measureFilter(page: Page, base: string): Promise<{ busy: number[]; filtered: number[] }> {
  await openPage(page, `${base}/admin/workspace?folder=${BIG}`);
  const filter = page.getByRole('searchbox').first();
  await filter.waitFor();
  const busy: number[] = [];
  const filtered: number[] = [];
  for (let round = 0; round <= TYPE_ROUNDS; round++) {
    for (const query of QUERIES) {
      await filter.fill('');
      await page.waitForURL((url) => !url.searchParams.has('q'));
      await page.evaluate(() => window.workspaceBench.settle());
      await filter.focus();
      for (const char of query) {
        await page.evaluate(() => window.workspaceBench.armKeystroke());
        // The keyboard alone (the box has focus): a locator's press would first run Playwright's own
        // queries in the page, inside the measured window.
        await page.keyboard.press(char);
        const ms = await within(30_000, `${SUITE}: keystroke`, page.evaluate(() => window.workspaceBench.keystrokeDone()));
        if (round > 0) busy.push(ms);
      }
      const ms = await within(30_000, `${SUITE}: filtered`, page.evaluate((q) => window.workspaceBench.filteredDone(q), query));
      if (round > 0) filtered.push(ms);
    }
  }
  return { busy, filtered };
}

/** 50 notebooks chosen in the Import picker → the success toast, and → all saved on the server. */
async function measureImport(page: Page, base: string): Promise<{ toastMs: number; savedMs: number }> {
  await openPage(page, `${base}/admin/workspace`);
  const content = Buffer.from(serializeNotebook(newNotebook()));
  const files = Array.from({ length: IMPORTS }, (_, i) => ({ name: `imported-${i}.ipynb`, mimeType: 'application/x-ipynb+json', buffer: content }));
  const start = Date.now();
  await page.getByTestId('import-input').setInputFiles(files);
  await page.getByText(importedMessage(IMPORTS)).waitFor({ timeout: 60_000 });
  const toastMs = Date.now() - start;
  await within(120_000, `${SUITE}: imports saved`, page.getByText('Waiting to sync').first().waitFor({ state: 'detached', timeout: 120_000 }));
  return { toastMs, savedMs: Date.now() - start };
}

/**
 * The workspace with a folder of 10,000 notebooks, on its own console server (the other suites'
 * folders stay out of it): opening the folder, filtering it, and importing 50 notebooks.
 */
export const workspaceSuite: BenchSuite = {
  name: SUITE,
  async run({ browser }) {
    const server = await ConsoleServer.start();
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      await seedBigFolder(server.dataDir);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`bench workspace page: ${error.message}`));
      await signInAsAdmin(page, server.url);
      // First visit: the listing of 10,000 + items fetched and cached, then shown.
      const firstStart = Date.now();
      await openPage(page, `${server.url}/admin/workspace?folder=${BIG}`);
      await page.getByRole('link', { name: 'nb-00001.ipynb' }).waitFor({ timeout: 60_000 });
      const firstMs = Date.now() - firstStart;
      const open = await measureOpen(page, server.url);
      const { busy, filtered } = await measureFilter(page, server.url);
      const imported = await measureImport(page, server.url);
      const note = `${ITEMS.toLocaleString('en-US')} notebooks in one folder; viewport ${VIEWPORT.width}×${VIEWPORT.height}`;
      const typed = `${busy.length} keystrokes (${TYPE_ROUNDS} rounds after 1 warm-up of ${QUERIES.map((q) => `"${q}"`).join(', ')}); the input event's task (handlers, React) plus the next frame from its rAF to after its paint, as the catalog suite counts it; the box writes q to the URL once typing pauses, so the list's update is the next measure`;
      const results: BenchResult[] = [
        result(SUITE, 'open a folder of 10,000 (cached listing): click → first rows painted, median', median(open), 'ms', undefined, `${OPEN_RUNS} runs after 1 warm-up; ${note}`),
        result(SUITE, 'open a folder of 10,000 (cached listing): click → first rows painted, max', Math.max(...open), 'ms', 500, `${OPEN_RUNS} runs; ${note}`),
        result(SUITE, 'first visit of a folder of 10,000: navigation → first rows (listing fetched and cached)', firstMs, 'ms', undefined, `${note}; includes the app's start and the server's first scan of the folder`),
        result(SUITE, 'filter keystroke over 10,000: main-thread work, p50', percentile(busy, 50), 'ms', undefined, typed),
        result(SUITE, 'filter keystroke over 10,000: main-thread work, p95', percentile(busy, 95), 'ms', 16, typed),
        result(SUITE, 'filter keystroke over 10,000: main-thread work, max', Math.max(...busy), 'ms'),
        result(
          SUITE,
          'filter: last keystroke → filtered rows painted, median',
          median(filtered),
          'ms',
          undefined,
          `${filtered.length} queries; includes the ${SEARCH_DELAY_MS} ms pause the search box waits for before it writes the URL`,
        ),
        result(SUITE, 'filter: last keystroke → filtered rows painted, max', Math.max(...filtered), 'ms'),
        result(SUITE, `import ${IMPORTS} notebooks: picked → success toast`, imported.toastMs, 'ms', undefined, 'parsed, validated and written to the log'),
        result(SUITE, `import ${IMPORTS} notebooks: picked → all saved on the server`, imported.savedMs, 'ms', undefined, `with ${ITEMS.toLocaleString('en-US')} other items in the workspace`),
      ];
      return results;
    } finally {
      await context.close();
      await server.dispose();
    }
  },
};
