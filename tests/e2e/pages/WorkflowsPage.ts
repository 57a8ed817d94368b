import { expect, type Locator, type Page } from '@playwright/test';

/** The DAG list (/admin/workflow) and one DAG's page (/admin/workflow/:id). */
export class WorkflowsPage {
  readonly table: Locator;
  readonly search: Locator;
  readonly grid: Locator;
  readonly graph: Locator;
  readonly taskPanel: Locator;
  readonly runPanel: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'DAGs' });
    this.search = page.getByRole('searchbox', { name: 'Search DAGs' });
    this.grid = page.getByRole('treegrid');
    this.graph = page.getByTestId('dag-graph');
    this.taskPanel = page.getByTestId('task-panel');
    this.runPanel = page.getByTestId('run-panel');
  }

  async gotoList(query = '') {
    await this.page.goto(`/admin/workflow${query ? `?${query}` : ''}`);
    // The first list of a fresh server waits for the demo scheduler's start: slow on a busy machine.
    await expect(this.table).toBeVisible({ timeout: 30_000 });
  }

  async gotoDag(dagId: string, query = '') {
    await this.page.goto(`/admin/workflow/${encodeURIComponent(dagId)}${query ? `?${query}` : ''}`);
    await expect(this.page.getByRole('heading', { name: dagId, level: 2 })).toBeVisible({ timeout: 30_000 });
  }

  /** The rows of the list, by DAG id (each row carries data-dag). */
  rows(): Locator {
    return this.table.locator('tbody tr[data-dag]');
  }

  row(dagId: string): Locator {
    return this.table.locator(`tbody tr[data-dag="${dagId}"]`);
  }

  pauseSwitch(dagId: string): Locator {
    return this.page.getByRole('switch', { name: new RegExp(`^(Pause|Unpause) ${dagId}$`) }).first();
  }

  tab(name: 'Grid' | 'Graph' | 'Runs' | 'Code' | 'Events'): Locator {
    return this.page.getByRole('tablist', { name: 'DAG views' }).getByRole('tab', { name });
  }

  taskTab(name: 'Details' | 'Logs' | 'XCom'): Locator {
    return this.page.getByRole('tablist', { name: 'Task instance views' }).getByRole('tab', { name });
  }

  /** The log viewer's footer: how many lines, or which lines of a longer log, are loaded. */
  get logFooter(): Locator {
    return this.page.locator('.lv-footer');
  }

  /** Scrolls the log's lines to the last one loaded (a long log then loads on). */
  async scrollLogToEnd(): Promise<void> {
    await this.page.locator('.lv-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  }

  /** Opens Clear's confirmation for the task instance in the task panel; it lists what Confirm clears. */
  async openClear(taskId: string) {
    await this.taskPanel.getByRole('button', { name: 'Clear…' }).click();
    const dialog = this.page.getByRole('dialog', { name: `Clear ${taskId}` });
    await expect(dialog).toBeVisible();
    return { dialog, affected: dialog.getByRole('table', { name: 'Task instances to clear' }) };
  }

  /** Opens Mark's dialog for the task instance in the task panel (`label` names a map index: `task[2]`); it lists what Confirm marks. */
  async openMark(label: string, state: 'success' | 'failed') {
    await this.taskPanel.getByRole('button', { name: `Mark ${state}…` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Mark ${label} ${state}` });
    await expect(dialog).toBeVisible();
    return { dialog, affected: dialog.getByRole('table', { name: `Task instances to mark ${state}` }) };
  }

  async trigger(conf = '{}') {
    await this.page.getByRole('button', { name: 'Trigger', exact: true }).first().click();
    const dialog = this.page.getByRole('dialog', { name: /^Trigger / });
    await dialog.getByLabel('Configuration (JSON object)').fill(conf);
    await dialog.getByRole('button', { name: 'Trigger', exact: true }).click();
    return dialog;
  }
}
