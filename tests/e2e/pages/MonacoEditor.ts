import type { Locator, Page } from '@playwright/test';

/** The SQL editor's Monaco widgets: placeholder, context menu and suggest list (Playwright pierces Monaco's shadow roots). */
export class MonacoEditor {
  readonly frame: Locator;
  readonly editor: Locator;
  readonly placeholder: Locator;

  constructor(readonly page: Page) {
    this.frame = page.locator('.sql-editor-frame');
    this.editor = this.frame.locator('.monaco-editor');
    this.placeholder = this.frame.getByText('SELECT ...', { exact: true });
  }

  async clear() {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
  }
}
