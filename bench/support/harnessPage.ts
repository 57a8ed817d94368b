import type { BrowserContext, Page } from '@playwright/test';

/** Opens the harness in a new page of `context` and waits until window.bench is there. */
export async function openHarness(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`bench harness: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => window.bench?.ready === true, undefined, { timeout: 15_000 });
  return page;
}
