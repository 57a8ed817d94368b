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

  /** A new folder, opened: the server (one per worker) keeps what earlier tests made, so each test starts in its own. */
  async freshFolder(prefix: string): Promise<string> {
    const folder = `${prefix}-${Date.now().toString(36)}`;
    await this.goto();
    await this.newFolder(folder);
    await this.openFolder(folder);
    return folder;
  }

  /** The per-file results of the last import. */
  get importResults(): Locator {
    return this.page.getByRole('region', { name: 'Import results' });
  }

  toast(text: string): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  /** Picks files with the Import button's file chooser. */
  async importFiles(paths: string[]) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Import', exact: true }).click();
    await (await chooser).setFiles(paths);
  }

  /** Downloads a notebook with its row's action; answers the file's name and text. */
  async download(name: string): Promise<{ fileName: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.action(name, 'Export');
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { fileName: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  /** Picks an item of a row's actions menu. */
  async action(name: string, label: string) {
    await this.page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await this.page.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: label }).click();
  }

  /** The path bar's crumb for a folder ('Workspace' is the root). */
  crumb(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Folder' }).getByRole('link', { name, exact: true });
  }

  starButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: new RegExp(`^(Star|Unstar) ${escape(name)}$`) });
  }

  async showView(label: 'All files' | 'Favourites' | 'Trash') {
    await this.page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: label }).click();
    await expect(this.page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  }

  /** Moves an item with its menu's Move to… and the folder picker (the folder by its name in the tree). */
  async moveTo(name: string, folder: string) {
    await this.action(name, 'Move to…');
    const dialog = this.page.getByRole('dialog', { name: `Move ${name} to…` });
    await dialog.getByRole('treeitem', { name: folder, exact: true }).click();
    await dialog.getByRole('button', { name: 'Move here', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** Drags a row onto a folder's row or a crumb (HTML drag and drop). */
  async drag(name: string, target: Locator) {
    await this.row(name).dragTo(target);
  }

  get scopeNote(): Locator {
    return this.page.getByTestId('scope-note');
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

  /** Makes a notebook in the folder shown: it opens in the editor; then back to the folder, its row shown. */
  async newNotebook(name: string) {
    const listing = this.page.url();
    await this.page.getByRole('button', { name: 'New notebook' }).click();
    await this.nameIt(name, 'Create');
    await expect(this.page).toHaveURL(new RegExp(`/admin/workspace/notebook/.*${encodeURIComponent(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await this.page.goBack();
    await expect(this.page).toHaveURL(listing);
    await expect(this.row(name)).toBeVisible();
  }

  async rename(name: string, newName: string) {
    await this.action(name, 'Rename');
    await this.nameIt(newName, 'Rename');
    await expect(this.row(newName)).toBeVisible();
  }

  async remove(name: string) {
    await this.action(name, 'Delete');
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
