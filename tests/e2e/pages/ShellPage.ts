import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in console: top bar, sidebar, page header, search dialog. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly mainMenu: Locator;
  readonly sidebarToggle: Locator;
  readonly accountMenuButton: Locator;
  readonly accountMenu: Locator;
  readonly pageTitle: Locator;
  readonly logo: Locator;
  readonly searchDialog: Locator;
  readonly searchInput: Locator;
  /** The top bar's warning that the session comes from the cookie alone (the server did not answer). */
  readonly sessionNotVerified: Locator;

  constructor(readonly page: Page) {
    // Located by id: when closed on a narrow screen it is display:none and out of the accessibility tree.
    this.sidebar = page.locator('aside#sidebar');
    this.mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    this.sidebarToggle = page.getByRole('button', { name: /(Collapse|Expand) sidebar/ });
    this.accountMenuButton = page.getByRole('button', { name: 'Account menu' });
    this.accountMenu = page.getByRole('menu', { name: 'Account menu' });
    this.pageTitle = page.locator('.page-header h1');
    this.logo = page.getByRole('link', { name: 'Data Platform Console home' });
    this.searchDialog = page.getByRole('dialog', { name: 'Search the console' });
    this.searchInput = this.searchDialog.getByRole('combobox');
    this.sessionNotVerified = page.locator('.topbar').getByText('Session not verified');
  }

  menuLink(label: string): Locator {
    return this.mainMenu.getByRole('link', { name: label, exact: true });
  }

  async openAccountMenu() {
    await this.accountMenuButton.click();
    await expect(this.accountMenu).toBeVisible();
  }

  async logOut() {
    await this.openAccountMenu();
    await this.accountMenu.getByRole('menuitem', { name: 'Log Out' }).click();
  }

  async openSearch() {
    await this.page.keyboard.press('Control+k');
    await expect(this.searchDialog).toBeVisible();
  }

  /** Opens Ctrl+K, types, and picks the first option whose name starts with `label`. */
  async searchAndPick(text: string, label: string) {
    await this.openSearch();
    await this.searchInput.fill(text);
    const option = this.searchOption(label);
    await expect(option).toBeVisible();
    await option.click();
    await expect(this.searchDialog).toBeHidden();
  }

  searchOption(label: string): Locator {
    return this.searchDialog.getByRole('option', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first();
  }
}
