import type { Locator, Page } from '@playwright/test';

/** The read-only notebook view (/admin/workspace/notebook?path=…). */
export class NotebookView {
  readonly title: Locator;
  readonly meta: Locator;
  readonly cells: Locator;

  constructor(readonly page: Page) {
    this.title = page.locator('#notebook-title');
    this.meta = page.getByTestId('notebook-meta');
    this.cells = page.locator('.nb-cells > li');
  }

  cell(index: number): Locator {
    return this.cells.nth(index);
  }
}
