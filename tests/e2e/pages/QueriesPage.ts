import { expect, type Locator, type Page } from '@playwright/test';

/** The saved queries list (/admin/queries). */
export class QueriesPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Saved queries' });
  }

  async goto(search = '') {
    await this.page.goto(`/admin/queries${search ? `?q=${encodeURIComponent(search)}` : ''}`);
    await expect(this.table).toBeVisible();
  }

  columnHeader(name: string): Locator {
    return this.table.getByRole('columnheader', { name, exact: true });
  }

  row(label: string): Locator {
    return this.table.getByRole('row').filter({ hasText: label });
  }

  /** The query's name as shown (a button that opens it). */
  name(label: string): Locator {
    return this.row(label).getByRole('button', { name: label, exact: true });
  }

  actions(label: string): Locator[] {
    const row = this.row(label);
    return [
      row.getByRole('button', { name: 'Open in editor' }),
      row.getByRole('button', { name: `Edit ${label}` }),
      row.getByRole('button', { name: `Delete ${label}` }),
    ];
  }

  /** True when the page scrolls sideways (something is wider than the window). */
  overflowsSideways(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  }
}
