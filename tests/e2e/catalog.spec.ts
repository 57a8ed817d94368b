import { expect, test } from './fixtures';
import { CatalogPage } from './pages/CatalogPage';

test.describe('data catalog', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
  });

  test('expand down to a column, and a reload lands on the same node', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await catalog.expand('lakehouse', 1);
    await catalog.expand('gaming', 2);
    await catalog.expand('bet_report', 3);
    await catalog.select('stake', 4);
    await expect(page).toHaveURL(/\/admin\/catalog\/lakehouse\/gaming\/bet_report\/stake$/);
    await expect(catalog.heading('stake')).toBeVisible();
    await expect(catalog.details).toContainText('INTEGER');
    await expect(catalog.comment).toHaveText('Number of bet tickets in the row');
    await expect(catalog.details.getByLabel('Local note')).toHaveValue('');

    await page.reload();
    await expect(catalog.heading('stake')).toBeVisible();
    await expect(catalog.node('stake', 4)).toHaveAttribute('aria-selected', 'true');
    await expect(catalog.node('bet_report', 3)).toHaveAttribute('aria-expanded', 'true');
  });

  test('a table shows its columns, row count, SELECT and first rows, and opens in the SQL editor', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto('/lakehouse/gaming/members');
    await expect(catalog.heading('members')).toBeVisible();
    await expect(catalog.details.getByText('50,000')).toBeVisible();
    await expect(catalog.details.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(catalog.details.locator('.catalog-sql')).toContainText('FROM "gaming"."members"');
    await expect(catalog.details.getByRole('status').filter({ hasText: '100 rows' })).toBeVisible();
    await catalog.details.getByRole('button', { name: 'Open in SQL editor' }).click();
    await expect(page).toHaveURL(/\/admin\/sql$/);
    await expect(page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab', { selected: true })).toHaveText('members');
  });

  test('the keyboard moves, opens and closes nodes (WAI-ARIA tree)', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    const finance = catalog.node('finance', 1);
    await finance.click();
    await expect(finance).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(finance).toHaveAttribute('aria-expanded', 'true');
    const firstChild = catalog.tree.locator('[aria-level="2"]').first();
    await expect(firstChild).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(firstChild).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(finance).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(finance).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('End');
    await expect(catalog.tree.getByRole('treeitem').last()).toBeFocused();
    await page.keyboard.press('Home');
    const first = catalog.tree.getByRole('treeitem').first();
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-selected', 'true');
  });

  test('search is case-insensitive and finds a table in a schema never opened', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await catalog.search.fill('MEMBER_SIGNUPS');
    const hit = catalog.node('member_signups');
    await expect(hit).toBeVisible();
    await expect(hit.locator('mark')).toHaveText('member_signups');
    // Its ancestors stay, so the user sees where it is.
    await expect(catalog.node('raw', 2)).toBeVisible();
    await expect(catalog.node('lakehouse', 1)).toBeVisible();
    await expect(catalog.node('finance', 1)).toHaveCount(0);
    await hit.click();
    await expect(catalog.heading('member_signups')).toBeVisible();
    await catalog.search.fill('no-such-thing-anywhere');
    await expect(page.getByRole('status').filter({ hasText: 'Nothing matches.' })).toBeVisible();
  });

  test('search finds a column in every table that has it, though no table was opened', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await catalog.search.fill('member_id');
    const status = page.getByRole('status').filter({ hasText: /match/ });
    // The server's column search answers after typing pauses: more than the one table the cache could know.
    await expect.poll(async () => Number((await status.textContent())?.match(/^([\d,]+) match/)?.[1]?.replace(/,/g, '') ?? 0)).toBeGreaterThan(20);
    await expect(catalog.node('member_id', 4).first()).toBeVisible();
  });

  test('during a search, a branch the search opened can be closed and opened again; clearing the search restores the tree', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await catalog.expand('lakehouse', 1);
    await catalog.expand('gaming', 2);
    await catalog.search.fill('bet');
    const gaming = catalog.node('gaming', 2);
    // The search applies once typing pauses: archive is opened by the search alone, so it says the
    // search is shown (gaming and bet_report were open and visible before it).
    await expect(catalog.node('archive', 2)).toHaveAttribute('aria-expanded', 'true');
    await expect(gaming).toHaveAttribute('aria-expanded', 'true');
    await expect(catalog.node('bet_report', 3)).toBeVisible();

    await gaming.locator('.catalog-twisty').click();
    await expect(gaming).toHaveAttribute('aria-expanded', 'false');
    await expect(catalog.node('bet_report', 3)).toHaveCount(0);
    await expect(catalog.node('archive', 2)).toHaveAttribute('aria-expanded', 'true'); // the rest of the search stays

    await gaming.click();
    await page.keyboard.press('ArrowRight');
    await expect(gaming).toHaveAttribute('aria-expanded', 'true');
    await expect(catalog.node('bet_report', 3)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(gaming).toHaveAttribute('aria-expanded', 'false');

    await catalog.search.fill('');
    await expect(gaming).toHaveAttribute('aria-expanded', 'true'); // the user's own expansion, as before the search
    await expect(catalog.node('members', 3)).toBeVisible();
    await expect(catalog.node('archive', 2)).toHaveAttribute('aria-expanded', 'false');
  });

  test('Ctrl+K finds cached tables and columns and opens them in the catalog', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await catalog.expand('lakehouse', 1);
    await catalog.expand('gaming', 2);
    await catalog.expand('bet_report', 3);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the console' });
    await dialog.getByRole('combobox').fill('pay_out');
    await dialog.getByRole('option', { name: /^pay_out_amt/ }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/lakehouse\/gaming\/bet_report\/pay_out_amt$/);
    await expect(catalog.heading('pay_out_amt')).toBeVisible();
    await page.keyboard.press('Control+k');
    await dialog.getByRole('combobox').fill('members');
    await dialog.getByRole('option', { name: /^members lakehouse\.gaming/ }).click();
    await expect(catalog.heading('members')).toBeVisible();
  });

  test('local edits: create, add, rename, owner, description, delete — each undone, kept across a reload', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await page.getByRole('button', { name: 'New catalog' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('playground');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/playground$/);
    await expect(catalog.node('playground', 1)).toContainText('local');

    await catalog.nameAction('New schema', 'scratch', 'Create');
    await catalog.nameAction('Add table', 'ideas', 'Create');
    await catalog.nameAction('Add column', 'title', 'Create');
    await expect(catalog.node('title', 4)).toBeVisible();
    // A duplicate name is refused with a clear message, and nothing changes.
    await catalog.select('ideas', 3);
    await catalog.action('Add column').click();
    await page.getByRole('dialog').getByRole('textbox').fill('TITLE');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: /already/ })).toBeVisible();
    await expect(catalog.node('title', 4)).toHaveCount(1);

    await catalog.nameAction('Rename', 'ideas_v2', 'Rename');
    await expect(catalog.heading('ideas_v2')).toBeVisible();
    await catalog.details.getByLabel('Owner').selectOption('system');
    await catalog.details.getByLabel('Description').fill('Half-formed ideas');
    await catalog.details.getByRole('button', { name: 'Save description' }).click();
    await catalog.select('title', 4);
    await catalog.action('Delete').click();
    await expect(catalog.node('title', 4)).toHaveCount(0);

    await page.reload();
    await expect(catalog.node('ideas_v2', 3)).toBeVisible();
    await expect(catalog.node('title', 4)).toHaveCount(0);

    // Undo, newest first.
    await catalog.undo();
    await expect(catalog.node('title', 4)).toBeVisible();
    await catalog.select('ideas_v2', 3);
    await expect(catalog.details.getByLabel('Description')).toHaveValue('Half-formed ideas');
    await catalog.undo();
    await expect(catalog.details.getByLabel('Description')).toHaveValue('');
    await expect(catalog.details.getByLabel('Owner')).toHaveValue('system');
    await catalog.undo();
    await expect(catalog.details.getByLabel('Owner')).toHaveValue('');
    await catalog.undo();
    await expect(catalog.node('ideas', 3)).toBeVisible();
    await catalog.undo();
    await expect(catalog.node('title', 4)).toHaveCount(0);
    await catalog.undo();
    await expect(catalog.node('ideas', 3)).toHaveCount(0);
    await catalog.undo();
    await expect(catalog.node('scratch', 2)).toHaveCount(0);
    await catalog.undo();
    await expect(catalog.node('playground', 1)).toHaveCount(0);
    await expect(catalog.action('Undo')).toBeDisabled();
    await catalog.action('Redo').click();
    await expect(catalog.node('playground', 1)).toBeVisible();
  });

  test('a warehouse table is hidden in this browser, not deleted; the toast says so and its Undo brings it back', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto('/lakehouse/gaming/members');
    await expect(catalog.heading('members')).toBeVisible();
    await expect(catalog.action('Delete')).toHaveCount(0);
    await catalog.action('Hide in this browser').click();
    await expect(catalog.node('members', 3)).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/catalog\/lakehouse\/gaming$/);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Hid table “members” in this browser; the warehouse still has it.' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(catalog.node('members', 3)).toBeVisible();
    await expect(catalog.action('Undo')).toBeDisabled();
  });

  test('on a warehouse node the local-only actions say what they are; its comment stays beside a local note', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto('/lakehouse/gaming/bet_report/stake');
    await expect(catalog.heading('stake')).toBeVisible();
    await expect(catalog.action('Rename in this browser')).toBeVisible();
    await expect(catalog.action('Hide in this browser')).toBeVisible();
    await expect(catalog.action('Delete')).toHaveCount(0);
    await expect(catalog.action('Rename')).toHaveCount(0);
    await expect(catalog.scopeNote).toHaveText(/kept in this browser only: the warehouse is not changed/);
    await expect(catalog.details.getByLabel('Description')).toHaveCount(0);
    await expect(catalog.details.getByLabel('Local owner')).toBeVisible();

    await catalog.details.getByLabel('Local note').fill('Check against the ledger');
    await catalog.details.getByRole('button', { name: 'Save note' }).click();
    await expect(catalog.node('stake', 4)).toContainText('local edit');
    await page.reload();
    await expect(catalog.details.getByLabel('Local note')).toHaveValue('Check against the ledger');
    await expect(catalog.comment).toHaveText('Number of bet tickets in the row');
    // An empty note clears it: the node is the warehouse's again.
    await catalog.details.getByLabel('Local note').fill('');
    await catalog.details.getByRole('button', { name: 'Save note' }).click();
    await expect(catalog.node('stake', 4)).not.toContainText('local');

    // A node created here says the opposite, and its delete is a delete.
    await page.getByRole('button', { name: 'New catalog' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('playground');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(catalog.heading('playground')).toBeVisible();
    await expect(catalog.scopeNote).toHaveText('This catalog was created in this browser only; the warehouse does not have it.');
    await expect(catalog.action('Delete')).toBeVisible();
    await expect(catalog.details.getByLabel('Description')).toBeVisible();
  });

  test('a rename in one tab shows in another', async ({ page, context }) => {
    const first = new CatalogPage(page);
    const second = new CatalogPage(await context.newPage());
    await first.goto();
    await second.goto();
    await first.select('finance', 1);
    await first.nameAction('Rename in this browser', 'money', 'Rename');
    await expect(second.node('money', 1)).toContainText('local');
    await expect(second.node('finance', 1)).toHaveCount(0);
    await first.undo();
    await expect(second.node('finance', 1)).toBeVisible();
  });

  test('two tabs on the catalog follow one cache: a failure and its Retry in one tab show in both', async ({ page, context }) => {
    const first = new CatalogPage(page);
    const second = new CatalogPage(await context.newPage());
    await first.goto();
    await second.goto();
    await context.route('**/api/bi/v1/database/*/schemas/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"schemas exploded"}' }));
    await first.node('finance', 1).locator('.catalog-twisty').click();
    await expect(first.node('finance', 1).getByRole('alert')).toContainText('Could not load.');
    await second.node('finance', 1).locator('.catalog-twisty').click();
    await expect(second.node('finance', 1).getByRole('alert')).toContainText('Could not load.');
    await context.unroute('**/api/bi/v1/database/*/schemas/**');
    // One Retry: the sync worker fetches once, and both tabs show the schemas.
    await first.node('finance', 1).getByRole('button', { name: 'Retry' }).click();
    await expect(first.node('finance', 1).getByRole('alert')).toHaveCount(0);
    await expect(second.node('finance', 1).getByRole('alert')).toHaveCount(0);
    await expect(second.tree.locator('[aria-level="2"]').first()).toBeVisible();
  });

  test('a node whose children fail to load offers a retry; nothing else breaks', async ({ page }) => {
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await page.route('**/api/bi/v1/database/*/schemas/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"schemas exploded"}' }));
    const finance = catalog.node('finance', 1);
    await finance.locator('.catalog-twisty').click();
    await expect(finance.getByRole('alert')).toContainText('Could not load.');
    await page.unroute('**/api/bi/v1/database/*/schemas/**');
    // The rest of the tree still works.
    await catalog.expand('lakehouse', 1);
    await expect(catalog.node('gaming', 2)).toBeVisible();
    await finance.getByRole('button', { name: 'Retry' }).click();
    await expect(finance.getByRole('alert')).toHaveCount(0);
    await expect(finance).toHaveAttribute('aria-expanded', 'true');
    await expect(catalog.node('ledger', 2).or(catalog.tree.locator('[aria-level="2"]')).first()).toBeVisible();
  });
});

test('an editor browses the catalog too', async ({ page, loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  const catalog = new CatalogPage(page);
  await catalog.goto('/lakehouse/gaming/members');
  await expect(catalog.heading('members')).toBeVisible();
  await expect(catalog.details.getByRole('button', { name: 'Open in SQL editor' })).toHaveCount(0);
});
