import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SqlLabPage } from './pages/SqlLabPage';

test.describe('SQL workbench', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto('/auth/login?next=/admin/sql');
    await loginPage.signInAsRole('admin');
  });

  test('tabs: open, rename, close and reopen, across a reload', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await expect(sql.activeTab).toHaveText(/^Untitled \d+$/);
    await sql.renameActive('Revenue by game');
    await sql.setSql('SELECT 42 AS answer');
    await sql.newTab();
    await expect(sql.activeTab).toHaveText(/^Untitled \d+$/);
    await sql.renameActive('Scratch');
    await sql.close('Scratch');
    await expect(sql.tab('Scratch')).toHaveCount(0);
    await expect(sql.activeTab).toHaveText('Revenue by game');

    // Typed text reaches the log after a short pause; the reload must find it.
    await expect.poll(() => sql.editorText()).toContain('SELECT 42 AS answer');
    await page.waitForTimeout(600);
    await page.reload();
    await sql.ready();
    await expect(sql.tab('Revenue by game')).toBeVisible();
    await expect(sql.tab('Scratch')).toHaveCount(0);
    await expect.poll(() => sql.editorText()).toContain('SELECT 42 AS answer');

    await page.getByRole('button', { name: 'Reopen closed tab' }).click();
    await expect(sql.activeTab).toHaveText('Scratch');

    // The last tab cannot be closed.
    await sql.close('Scratch');
    // Handled in the listener itself, so the alert is never auto-dismissed first.
    const alert = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.message()))));
    await sql.close('Revenue by game');
    expect(await alert).toBe('You cannot close the last tab.');
    await expect(sql.tab('Revenue by game')).toBeVisible();
  });

  test('execute shows the rows, keeps them across a reload, and estimates', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.chooseSchema('gaming');
    await sql.setSql('SELECT username, bet_amt, NULL AS nothing FROM bet_report ORDER BY pre_cal_id LIMIT 5');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(sql.toast('Query executed successfully!')).toBeVisible();
    await expect(sql.grid).toBeVisible();
    await expect(sql.grid.getByRole('columnheader', { name: /bet_amt/ })).toBeVisible();
    await expect(sql.results.getByText('5 rows')).toBeVisible();
    await expect(page.getByTestId('sql-estimate')).toContainText('rows');

    await page.reload();
    await sql.ready();
    await expect(sql.grid.getByRole('columnheader', { name: /username/ })).toBeVisible();
    await expect(sql.results.getByText('5 rows')).toBeVisible();
  });

  test('a 100,000-row result shows its rows; one too large to keep offline is still shown, and says it will not survive a reload', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await page.goto('/admin/sql');
    // Monaco (3 MB) may take a while on a busy machine.
    await expect(sql.editor).toBeVisible({ timeout: 60_000 });
    await sql.toolbar.getByLabel('Row limit').selectOption('100000');
    await sql.setSql('select * from range(100000)');
    await sql.button('Run').click();
    await expect(sql.toast('Query executed successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(sql.results.getByText('100,000 rows')).toBeVisible({ timeout: 30_000 });
    await expect(sql.grid.getByRole('columnheader', { name: /range/ })).toBeVisible();

    // About 60 MB as the results cache counts it: more than it keeps (50 MB).
    await sql.setSql("select range, repeat('x', 280) as pad from range(100000)");
    await sql.button('Run').click();
    await expect(sql.toast(/too large to keep offline/)).toBeVisible({ timeout: 60_000 });
    await expect(sql.results.getByText('100,000 rows')).toBeVisible();
    await expect(sql.grid.getByRole('columnheader', { name: /pad/ })).toBeVisible();
    await expect(sql.results.getByTestId('results-not-kept')).toContainText('will not survive a reload');
  });

  test('execute selection runs only the selected text', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('SELECT 1 AS one; SELECT 2 AS two');
    await sql.selectFirstLine(0, 'SELECT 1 AS one'.length);
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await expect(sql.toast('Selected query executed successfully!')).toBeVisible();
    await expect(sql.grid.getByRole('columnheader', { name: /one/ })).toBeVisible();

    await sql.editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await sql.button('Run selection').click();
    await expect(sql.toast('No SQL selected to execute.')).toBeVisible();
  });

  test('a SQL error shows the database error and keeps it on the tab', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('SELECT * FROM no_such_table');
    await sql.button('Run').click();
    await expect(sql.toast(/no_such_table/)).toBeVisible();
    await expect(sql.results.getByRole('alert')).toContainText('no_such_table');
  });

  test('cancel stops a long query on the server', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('SELECT count(*) FROM range(1000000000) a, range(100000) b WHERE hash(a.range + b.range) = 42');
    await sql.button('Run').click();
    await expect(sql.button('Stop')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Running' }).first()).toBeVisible();
    await sql.button('Stop').click();
    await expect(sql.toast('Query execution cancelled by user.')).toBeVisible();
    await expect(sql.button('Run')).toBeEnabled();
    // The server's history says the query was stopped.
    await sql.results.getByRole('tab', { name: 'Query history' }).click();
    await expect(sql.results.getByRole('listitem').filter({ hasText: 'range(1000000000)' }).first()).toContainText('stopped', { timeout: 15_000 });
  });

  test('failures get the seed messages: execute, execute selection, estimate, format, save', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('SELECT 1 AS one');
    // Answers without any message of their own, so the seed's fallbacks show (context.route also sees the service worker's requests).
    const refuse = (path: string, status: number) => page.context().route(`**/api/bi/v1/${path}`, (route) => route.fulfill({ status, contentType: 'application/json', body: '{}' }));
    await refuse('sqllab/execute/', 500);
    await sql.button('Run').click();
    await expect(sql.toast('Failed to execute query.')).toBeVisible();
    await sql.selectFirstLine(0, 'SELECT 1'.length);
    await sql.button('Run selection').click();
    await expect(sql.toast('Failed to execute selected query.')).toBeVisible();
    await page.context().unroute('**/api/bi/v1/sqllab/execute/');

    await refuse('sqllab/estimate/', 500);
    await sql.button('Estimate').click();
    await expect(sql.toast('Failed to estimate query.')).toBeVisible();
    await refuse('sqllab/format_sql/', 500);
    await sql.button('Format').click();
    await expect(sql.toast('Error: Could not format the SQL query.')).toBeVisible();
    await expect.poll(() => sql.editorText()).toContain('SELECT 1 AS one');

    await refuse('saved_query/', 400);
    await sql.button('Save').click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    await dialog.getByLabel('Name').fill('Never saved');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(sql.toast('Error: Could not save the query.')).toBeVisible();
  });

  test('format rewrites the text', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('select a,b from t where a=1');
    await sql.button('Format').click();
    await expect.poll(() => sql.editorText()).toMatch(/SELECT\s+a,\s+b\s+FROM\s+t\s+WHERE\s+a = 1/);
  });

  test('save a query and find it in Queries; open it in the editor; delete it', async ({ page }, testInfo) => {
    // The worker's server keeps the saved queries of earlier tests (other specs save queries about currency too).
    const name = `Bets per currency ${testInfo.testId.slice(-4)}`;
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('SELECT currency, count(*) FROM bet_report GROUP BY 1');
    await sql.button('Save').click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('How many bets each currency has');
    await dialog.getByLabel('Schema').fill('gaming');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(sql.toast('Query saved successfully!')).toBeVisible();

    await page.goto(`/admin/queries?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Favourite ${name}` }).click();
    await expect(row.getByRole('button', { name: `Unfavourite ${name}` })).toBeVisible();
    await row.getByRole('button', { name: 'Open in editor' }).click();
    await expect(page).toHaveURL(/\/admin\/sql$/);
    await expect(sql.activeTab).toHaveText(name);
    await expect.poll(() => sql.editorText()).toContain('GROUP BY 1');

    await page.goto(`/admin/queries?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`No saved query matches “${name}”.`)).toBeVisible();
  });

  test('a result cut at the server’s byte cap says so above the grid', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    // The server's cut is tested on the server with a 1 MB cap; here its flag is set on a small real answer.
    await page.context().route('**/api/bi/v1/sqllab/execute/', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), truncated: true, truncated_reason: 'Result truncated at 64 MB' } });
    });
    await sql.setSql('SELECT 1 AS one');
    await sql.button('Run').click();
    await expect(sql.grid.getByRole('columnheader', { name: /one/ })).toBeVisible();
    await expect(sql.results.getByRole('status').filter({ hasText: 'Result truncated at 64 MB' })).toBeVisible();
  });

  test('CSV downloads escape formulas unless turned off, and the choice is remembered', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql("SELECT '=HYPERLINK(\"http://evil\")' AS f, '@cmd' AS a, -5 AS n");
    await sql.button('Run').click();
    await expect(sql.grid.getByRole('columnheader', { name: /cmd|f/ }).first()).toBeVisible();
    const escape = sql.results.getByRole('checkbox', { name: 'Escape formulas' });
    await expect(escape).toBeChecked();
    expect(await downloadedCsv(page)).toBe('f,a,n\r\n"\'=HYPERLINK(""http://evil"")",\'@cmd,-5\r\n');

    await escape.uncheck();
    expect(await downloadedCsv(page)).toBe('f,a,n\r\n"=HYPERLINK(""http://evil"")",@cmd,-5\r\n');
    await page.reload();
    await sql.ready();
    await expect(sql.results.getByRole('checkbox', { name: 'Escape formulas' })).not.toBeChecked();
  });

  test('history pages 25 at a time and opens an entry in a new tab', async ({ page }) => {
    await runQueries(page.request, 27, 'history-page');
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.results.getByRole('tab', { name: 'Query history' }).click();
    const list = sql.results.getByRole('list', { name: 'Query history' });
    await expect(list.getByRole('listitem')).toHaveCount(25);
    await expect(sql.results.getByText(/Page 1 of \d+/)).toBeVisible();
    await sql.results.getByRole('button', { name: 'Next' }).click();
    await expect(sql.results.getByText(/Page 2 of/)).toBeVisible();
    await list.getByRole('button').first().click();
    await expect(sql.activeTab).toHaveText(/^Untitled \d+$/);
    await expect.poll(() => sql.editorText()).toContain('history-page');
  });
});

test('an editor cannot reach the SQL area', async ({ page, loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  await page.goto('/admin/sql');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await page.goto('/admin/queries');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SQL Editor' })).toHaveCount(0);
});

/** Clicks Download CSV and answers the file's text (without its byte-order mark). */
async function downloadedCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
}

/** Runs `count` small queries through the API (the page's session), so the history has pages. */
async function runQueries(request: APIRequestContext, count: number, marker: string) {
  const token = ((await (await request.get('/api/bi/v1/security/csrf_token/')).json()) as { result: string }).result;
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/bi/v1/sqllab/execute/', {
      headers: { 'X-CSRFToken': token },
      data: { database_id: 1, sql: `SELECT ${i} AS n, '${marker}' AS marker`, client_id: `${marker}-${i}`.slice(-11), queryLimit: 10, runAsync: false },
    });
    expect(res.status()).toBe(200);
  }
}
