import { expect, type Locator, type Page } from '@playwright/test';

/** A tab's accessible name: the notebook's name, then its marks (unsaved, running). */
const tabName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);

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

  /** The dialog a kernel or server action (restart, shut down, stop) asks in first. */
  get confirmDialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /** Clicks a toolbar action that asks first, and confirms it with the dialog's `confirm` button. */
  async confirmed(action: string, confirm: string) {
    await this.page.getByRole('button', { name: action, exact: true }).click();
    await this.confirmDialog.getByRole('button', { name: confirm, exact: true }).click();
    await expect(this.confirmDialog).toBeHidden();
  }

  /** Puts the cell in edit mode and replaces its text, typed key by key as a person would. */
  async typeInto(index: number, text: string) {
    await this.cell(index).locator('.nb-source-box').click();
    const editor = this.cell(index).locator('.cm-editor');
    await expect(editor).toBeVisible();
    await editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.type(text, { delay: 20 });
  }

  /** Types at the start or the end of a cell's text, keeping what is there. */
  async typeAt(index: number, where: 'start' | 'end', text: string) {
    await this.cell(index).locator('.nb-source-box').click();
    const editor = this.cell(index).locator('.cm-editor');
    await expect(editor).toBeVisible();
    await editor.click();
    await this.page.keyboard.press(where === 'start' ? 'ControlOrMeta+Home' : 'ControlOrMeta+End');
    await this.page.keyboard.type(text, { delay: 40 });
  }

  /** An entry of the open cell's completion list, by its label (its detail left out). */
  completion(label: string): Locator {
    return this.page.locator('.cm-tooltip-autocomplete li').filter({ has: this.page.locator('.cm-completionLabel', { hasText: new RegExp(`^${label}$`) }) });
  }

  /** The text of cell `index`'s editor. */
  editorText(index: number): Locator {
    return this.cell(index).locator('.cm-content');
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

  // ---- Tabs, view mode, palette (notebook-tabs.spec.ts) ----------------------------------

  /** The strip of open notebooks' tabs. */
  get tabs(): Locator {
    return this.page.getByRole('tablist', { name: 'Open notebooks' }).getByRole('tab');
  }

  tab(name: string): Locator {
    return this.page.getByRole('tablist', { name: 'Open notebooks' }).getByRole('tab', { name: tabName(name) });
  }

  /** The tab's frame, with its (mouse-only) rename and close buttons. */
  private tabFrame(name: string): Locator {
    return this.page.locator('.nb-tab').filter({ has: this.page.getByRole('tab', { name: tabName(name) }) });
  }

  async closeTab(name: string) {
    await this.tabFrame(name).getByTitle('Close tab').click();
  }

  async newTab() {
    await this.page.getByRole('button', { name: 'New notebook tab' }).click();
  }

  /** Double-clicks the tab and types the new name into its inline field. */
  async renameTab(name: string, newName: string) {
    await this.tab(name).dblclick();
    const field = this.page.getByRole('textbox', { name: 'Notebook name' });
    await field.fill(newName);
    await field.press('Enter');
  }

  async setView(view: 'Code' | 'Report') {
    await this.page.getByRole('group', { name: 'View' }).getByRole('button', { name: view }).click();
  }

  /** Picks a command in the Ctrl+K palette. */
  async palette(label: string) {
    await this.page.keyboard.press('ControlOrMeta+K');
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('combobox').fill(label);
    await dialog.getByRole('option', { name: new RegExp(`^${label}`) }).first().click();
    await expect(dialog).toBeHidden();
  }
}
