import type { Locator, Page } from '@playwright/test';

/** A notebook as the editor shows it (/admin/workspace/notebook/<path>): title, meta line, cells. */
export class NotebookView {
  readonly title: Locator;
  readonly meta: Locator;
  readonly cells: Locator;

  constructor(readonly page: Page) {
    this.title = page.locator('#notebook-title');
    this.meta = page.getByTestId('notebook-meta');
    this.cells = page.locator('.nb-edit-cell');
  }

  cell(index: number): Locator {
    return this.cells.nth(index);
  }
}
