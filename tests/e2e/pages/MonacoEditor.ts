import type { Locator, Page } from '@playwright/test';

/** The SQL editor's Monaco widgets: placeholder, context menu and suggest list (Playwright pierces Monaco's shadow roots). */
export class MonacoEditor {
  readonly frame: Locator;
  readonly editor: Locator;
  readonly placeholder: Locator;
  /** Monaco's right-click menu (in a shadow root under the editor's host). */
  readonly contextMenu: Locator;
  /** Monaco's completion list. */
  readonly suggestWidget: Locator;

  constructor(readonly page: Page) {
    this.frame = page.locator('.sql-editor-frame');
    this.editor = this.frame.locator('.monaco-editor');
    this.placeholder = this.frame.getByText('SELECT ...', { exact: true });
    this.contextMenu = this.frame.getByRole('menu');
    this.suggestWidget = this.frame.locator('.suggest-widget');
  }

  /** A row of the completion list whose label is `label` (the detail beside it is left out). */
  suggestion(label: string): Locator {
    return this.suggestWidget.locator('.monaco-list-row').filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) });
  }

  /** Types at the end of the text, key by key, as a person would (so completion triggers). */
  async typeAtEnd(text: string) {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+End');
    await this.page.keyboard.type(text, { delay: 30 });
  }

  /** The first colour painted behind the menu's items (null when every layer is transparent). */
  contextMenuBackground(): Promise<string | null> {
    return this.contextMenu.evaluate((menu) => {
      for (let node: Element | null = menu; node && !node.classList.contains('context-view'); node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (color !== 'transparent' && color !== 'rgba(0, 0, 0, 0)') return color;
      }
      return null;
    });
  }

  async clear() {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
  }
}
