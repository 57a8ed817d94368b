import { expect, type Locator, type Page } from '@playwright/test';

/** The notebook editor (/admin/workspace/notebook/<path>). */
export class NotebookEditor {
  readonly title: Locator;
  readonly cells: Locator;
  readonly kernelStatus: Locator;
  readonly docState: Locator;

  constructor(readonly page: Page) {
    this.title = page.locator('#notebook-title');
    this.cells = page.locator('.nb-edit-cell');
    this.kernelStatus = page.getByTestId('kernel-status');
    this.docState = page.getByTestId('doc-state');
  }

  cell(index: number): Locator {
    return this.page.locator(`.nb-edit-cell[data-cell-index="${index}"]`);
  }

  outputs(index: number): Locator {
    return this.cell(index).getByRole('group', { name: 'Outputs' });
  }

  toast(text: string): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  /** Puts the cell in edit mode and replaces its text, typed key by key as a person would. */
  async typeInto(index: number, text: string) {
    await this.cell(index).locator('.nb-source-box').click();
    const editor = this.cell(index).locator('.monaco-editor');
    await expect(editor).toBeVisible();
    await editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.type(text, { delay: 20 });
  }

  async save() {
    await this.page.keyboard.press('ControlOrMeta+S');
  }

  // ---- Saving: autosave, the conflict dialog, offline (notebook-save.spec.ts) ----

  /** Opens the notebook at `path` (under the workspace) by its URL. */
  async open(path: string) {
    await this.page.goto(`/admin/workspace/notebook/${path.split('/').map(encodeURIComponent).join('/')}`);
    await expect(this.title).toHaveText(path.slice(path.lastIndexOf('/') + 1));
    await expect(this.cells.first()).toBeVisible();
  }

  /** The dialog a save refused because the file changed on the server opens. */
  get conflictDialog(): Locator {
    return this.page.getByRole('dialog', { name: /changed on the server/ });
  }

  /** One cell's entry in the conflict dialog's differences. */
  conflictEntry(title: 'Changed' | 'Only on the server' | 'Only in yours'): Locator {
    return this.conflictDialog.getByRole('listitem').filter({ has: this.page.locator('strong', { hasText: title }) });
  }

  async resolve(choice: 'Keep mine' | 'Take theirs' | 'Save mine as a copy' | 'Decide later') {
    await this.conflictDialog.getByRole('button', { name: choice, exact: true }).click();
  }
}
