import { expect, type Locator, type Page } from '@playwright/test';

/** The SQL workbench (/admin/sql). */
export class SqlLabPage {
  readonly tabs: Locator;
  readonly editor: Locator;
  readonly grid: Locator;
  readonly results: Locator;
  readonly toolbar: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('tablist', { name: 'Query tabs' });
    this.editor = page.locator('.sql-editor .monaco-editor');
    this.grid = page.getByRole('grid');
    this.results = page.getByRole('region', { name: 'Results and history' });
    this.toolbar = page.getByRole('toolbar', { name: 'Query actions' });
  }

  async goto() {
    await this.page.goto('/admin/sql');
    await this.ready();
  }

  async ready() {
    await expect(this.tabs).toBeVisible();
    // Monaco is a 3.4 MB chunk of its own: on a busy machine its first load takes a while.
    await expect(this.editor).toBeVisible({ timeout: 30_000 });
  }

  tab(name: string | RegExp): Locator {
    return this.tabs.getByRole('tab', { name, exact: typeof name === 'string' });
  }

  get activeTab(): Locator {
    return this.tabs.getByRole('tab', { selected: true });
  }

  /** Replaces the editor's text as if typed (insertText: no auto-closed brackets or quotes). */
  async setSql(sql: string) {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(sql);
  }

  async editorText(): Promise<string> {
    return (await this.page.locator('.sql-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
  }

  /** Selects the editor text between two offsets of the first line. */
  async selectFirstLine(from: number, to: number) {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+Home');
    for (let i = 0; i < from; i++) await this.page.keyboard.press('ArrowRight');
    await this.page.keyboard.down('Shift');
    for (let i = from; i < to; i++) await this.page.keyboard.press('ArrowRight');
    await this.page.keyboard.up('Shift');
  }

  button(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  /** Opens a tab and waits until it is the active one (the editor below is then the new tab's). */
  async newTab() {
    const tabs = this.tabs.getByRole('tab');
    const before = await tabs.count();
    await this.page.getByRole('button', { name: 'New query tab' }).click();
    await expect(tabs).toHaveCount(before + 1);
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  }

  async renameActive(name: string) {
    await this.activeTab.dblclick();
    const field = this.tabs.getByLabel('Tab name');
    await field.fill(name);
    await field.press('Enter');
    await expect(this.tab(name)).toBeVisible();
  }

  /** Clicks the tab's × (a mouse shortcut, hidden from assistive technology: the keyboard closes with Delete). */
  async close(name: string) {
    const tab = this.page.getByRole('tab', { name, exact: true });
    await this.tabs.locator('.sql-tab').filter({ has: tab }).getByTitle('Close tab').click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  /** Chooses a database by its name (the upstream's databases are listed once they load). */
  async chooseDatabase(name: string) {
    const picker = this.page.getByLabel('Database', { exact: true });
    await expect(picker.getByRole('option', { name })).toHaveCount(1, { timeout: 30_000 });
    await picker.selectOption({ label: name });
  }

  async chooseSchema(schema: string) {
    await this.page.getByLabel('Schema', { exact: true }).selectOption(schema);
  }
}
