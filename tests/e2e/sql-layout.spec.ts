import { expect, test } from './fixtures';
import { SqlLabPage } from './pages/SqlLabPage';
import { SqlWorkbenchLayout } from './pages/SqlWorkbenchLayout';

test.describe('SQL workbench layout', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto('/auth/login?next=/admin/sql');
    await loginPage.signInAsRole('admin');
  });

  test('the results show many rows at 1280×800; the split is resized by mouse and keyboard and kept per tab', async ({ page }) => {
    const sql = new SqlLabPage(page);
    const layout = new SqlWorkbenchLayout(page);
    await sql.goto();
    await sql.setSql('SELECT * FROM gaming.bet_report ORDER BY pre_cal_id LIMIT 200');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(sql.grid).toBeVisible();
    // The editor's default share grew to ten lines (issue 35): seven result rows remain in view.
    expect(await layout.wholeRowsInView()).toBeGreaterThanOrEqual(7);

    // Keyboard: the separator is focusable and moves by arrow keys.
    const initial = await layout.separatorValue();
    const initialHeight = await layout.editorHeight();
    await layout.separator.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => layout.separatorValue()).toBeGreaterThan(initial);
    expect(await layout.editorHeight()).toBeGreaterThan(initialHeight);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => layout.separatorValue()).toBeLessThan(initial);

    // Mouse: the editor follows the drag.
    const before = await layout.editorHeight();
    await layout.dragSeparator(120);
    await expect.poll(() => layout.editorHeight()).toBeGreaterThan(before + 110);
    expect(await layout.editorHeight()).toBeLessThan(before + 130);
    const dragged = await layout.separatorValue();

    // Per tab: a new tab starts at the default; the first tab gets its own back, across a reload too.
    await sql.newTab();
    await expect.poll(() => layout.separatorValue()).toBe(initial);
    await sql.tabs.getByRole('tab').first().click();
    await expect.poll(() => layout.separatorValue()).toBe(dragged);
    await page.reload();
    await sql.ready();
    await expect.poll(() => layout.separatorValue()).toBe(dragged);
  });

  test('numbers are right-aligned with the same decimals per column; text stays left; NULL as before', async ({ page }) => {
    const sql = new SqlLabPage(page);
    const layout = new SqlWorkbenchLayout(page);
    await sql.goto();
    await sql.setSql(
      "SELECT * FROM (VALUES (1, 2.5::DOUBLE, 10.25::DECIMAL(10,2), 'a'), (22, 3::DOUBLE, 7::DECIMAL(10,2), 'bb'), (333, 0.125::DOUBLE, NULL, 'ccc')) t(n, x, amount, label) ORDER BY n",
    );
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(sql.grid).toBeVisible();
    await expect(layout.columnCells(1)).toHaveText(['1', '22', '333']);
    await expect(layout.columnCells(2)).toHaveText(['2.500', '3.000', '0.125']);
    await expect(layout.columnCells(3)).toHaveText(['10.25', '7.00', 'NULL']);
    for (const column of [1, 2, 3]) {
      const insets = await layout.textInsets(column);
      // Right-aligned: every value ends the same distance (the padding) from its cell's right edge.
      for (const { right } of insets) expect(Math.abs(right - insets[0].right)).toBeLessThan(1.5);
      expect(insets[0].right).toBeLessThan(16);
    }
    const labels = await layout.textInsets(4);
    for (const { left } of labels) expect(left).toBeLessThan(16);
  });
});
