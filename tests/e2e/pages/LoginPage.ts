import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, EDITOR_PASSWORD } from '../../support/consoleServer';

export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly signIn: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: /Log in to/ });
    this.username = page.getByPlaceholder('Enter your username');
    this.password = page.getByPlaceholder('Enter your password');
    this.signIn = page.getByRole('button', { name: 'Sign In' });
    this.alert = page.getByRole('alert');
  }

  async goto(path = '/auth/login') {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }

  async signInAs(username: string, password: string) {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.signIn.click();
  }

  /** Signs in from the login page and waits for the admin shell. */
  async signInAsRole(role: 'admin' | 'editor') {
    await this.signInAs(role, role === 'admin' ? ADMIN_PASSWORD : EDITOR_PASSWORD);
    await expect(this.page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  }
}
