import { expect, type Locator, type Page } from '@playwright/test';

/** The Recent page (/admin/recent): a section per kind of thing opened lately, or the empty state. */
export class RecentPage {
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.empty = page.getByTestId('recent-empty');
  }

  async goto() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Recent', exact: true }).click();
    await expect(this.page.locator('.page-header h1')).toHaveText('Recent');
  }

  /** 'Tables', 'Queries', 'Notebooks' or 'Pages'. */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  entry(section: string, name: string): Locator {
    return this.section(section).getByRole('listitem').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async open(section: string, name: string) {
    await this.section(section).getByRole('link', { name, exact: true }).click();
  }
}
