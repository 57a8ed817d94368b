import { expect, type Locator, type Page } from '@playwright/test';

/** The data catalog browser (/admin/catalog): the Warehouse tree, its search, the details and the local actions. */
export class CatalogPage {
  readonly tree: Locator;
  readonly search: Locator;
  readonly details: Locator;
  readonly actions: Locator;
  /** Under the actions: says whether edits stay in this browser (a warehouse node) or the node exists only here. */
  readonly scopeNote: Locator;
  /** A warehouse node's own comment, as the warehouse has it. */
  readonly comment: Locator;

  constructor(readonly page: Page) {
    this.tree = page.getByRole('tree', { name: 'Warehouse' });
    this.search = page.getByRole('searchbox', { name: 'Search the catalog' });
    this.details = page.locator('.catalog-details');
    this.actions = page.getByRole('toolbar', { name: 'Catalog actions' });
    this.scopeNote = page.locator('.catalog-local-note');
    this.comment = this.details.locator('dt', { hasText: /^Comment$/ }).locator('xpath=following-sibling::dd[1]');
  }

  async goto(path = '') {
    await this.page.goto(`/admin/catalog${path}`);
    await expect(this.tree.getByRole('treeitem').first()).toBeVisible({ timeout: 60_000 });
  }

  /** A tree row by its shown name (exact), optionally at an aria-level. */
  node(name: string, level?: number): Locator {
    const rows = this.tree.getByRole('treeitem').filter({ has: this.page.locator('.catalog-name', { hasText: new RegExp(`^${escape(name)}$`) }) });
    return level === undefined ? rows : rows.and(this.page.locator(`[aria-level="${level}"]`));
  }

  /** Opens a node with its twisty (the mouse) and waits for its children. */
  async expand(name: string, level?: number) {
    const row = this.node(name, level).first();
    await row.locator('.catalog-twisty').click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
  }

  async select(name: string, level?: number) {
    await this.node(name, level).first().click();
  }

  heading(name: string): Locator {
    return this.details.getByRole('heading', { name, exact: true });
  }

  action(name: string): Locator {
    return this.actions.getByRole('button', { name, exact: true });
  }

  /** Runs a toolbar action that asks for a name, and confirms it. */
  async nameAction(action: string, name: string, confirm: string) {
    await this.action(action).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(name);
    await dialog.getByRole('button', { name: confirm }).click();
    await expect(dialog).toHaveCount(0);
  }

  async undo() {
    await this.action('Undo').click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
