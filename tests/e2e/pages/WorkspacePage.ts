import { expect, type Locator, type Page } from '@playwright/test';

/** The Workspace file browser. */
export class WorkspacePage {
  readonly table: Locator;
  readonly dialog: Locator;
  readonly syncBadge: Locator;

  constructor(readonly page: Page) {
    this.table = page.locator('table.data-table');
    this.dialog = page.getByRole('dialog');
    this.syncBadge = page.getByTestId('sync-badge');
  }

  async goto(folder = '') {
    await this.page.goto(folder ? `/admin/workspace?folder=${encodeURIComponent(folder)}` : '/admin/workspace');
    await expect(this.page.getByRole('button', { name: 'New notebook' })).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByRole('row', { name, exact: true });
  }

  private async nameIt(name: string, confirm: string) {
    const input = this.dialog.getByLabel('Name');
    await input.fill(name);
    await this.dialog.getByRole('button', { name: confirm }).click();
    await expect(this.dialog).toBeHidden();
  }

  async newFolder(name: string) {
    await this.page.getByRole('button', { name: 'New folder' }).click();
    await this.nameIt(name, 'Create');
    await expect(this.row(name)).toBeVisible();
  }

  async newNotebook(name: string) {
    await this.page.getByRole('button', { name: 'New notebook' }).click();
    await this.nameIt(name, 'Create');
    await expect(this.row(name)).toBeVisible();
  }

  async rename(name: string, newName: string) {
    await this.page.getByRole('button', { name: `Rename ${name}` }).click();
    await this.nameIt(newName, 'Rename');
    await expect(this.row(newName)).toBeVisible();
  }

  async remove(name: string) {
    await this.page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(this.row(name)).toBeHidden();
  }

  async openFolder(name: string) {
    await this.row(name).getByRole('link', { name }).click();
    await expect(this.page.getByRole('navigation', { name: 'Folder' })).toContainText(name);
  }

  /** How many saves wait in the service worker's queue, as the badge says. */
  async queuedSaves(): Promise<number> {
    return Number(await this.syncBadge.getAttribute('data-queued'));
  }
}
