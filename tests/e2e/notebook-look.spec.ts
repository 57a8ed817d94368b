import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';

/**
 * How a notebook reads (issue 35 items 1, 15, 20, 21): report view, the space above the cells, the
 * outputs' tables and prompts. Every test saves screenshots under test-results/notebook-look/ for a
 * person to look at.
 */

let ids = 0;
const id = () => `look${++ids}`;
const markdown = (source: string) => ({ id: id(), cell_type: 'markdown', metadata: {}, source });
const code = (source: string, outputs: object[], count: number | null = null, metadata: object = {}) => ({ id: id(), cell_type: 'code', metadata, source, outputs, execution_count: count });

const MARKDOWN = [
  '# Orders report',
  '',
  'This notebook reads the **orders** table and sums revenue per region, so the weekly review has one place to look.',
  '',
  '| region | orders | revenue |',
  '|---|---:|---:|',
  '| north | 120 | 3,400.50 |',
  '| south | 98 | 2,950.00 |',
  '',
  'Run it with `python report.py` or:',
  '',
  '```python',
  'df.groupby("region").revenue.sum()',
  '```',
].join('\n');

const HTML_TABLE = '<table><thead><tr><th>name</th><th>value</th></tr></thead><tbody><tr><td>alpha</td><td>1</td></tr><tr><td>beta</td><td>22</td></tr></tbody></table>';
const TRACEBACK = ['\u001b[0;31mZeroDivisionError\u001b[0m                         Traceback (most recent call last)', 'Cell \u001b[0;32mIn[3], line 1\u001b[0m', '\u001b[0;31mZeroDivisionError\u001b[0m: division by zero'];
const INTERRUPT = ['\u001b[0;31mKeyboardInterrupt\u001b[0m                         Traceback (most recent call last)', 'Cell \u001b[0;32mIn[4], line 2\u001b[0m', '\u001b[0;31mKeyboardInterrupt\u001b[0m: '];
const grid = {
  'application/vnd.dataresource+json': {
    schema: { fields: [{ name: 'region', type: 'VARCHAR' }, { name: 'orders', type: 'BIGINT' }, { name: 'revenue', type: 'DOUBLE' }] },
    data: [{ region: 'north', orders: 120, revenue: 3400.5 }, { region: 'south', orders: 98, revenue: 2950 }],
  },
  'text/plain': 'region orders revenue',
};

/** The notebook the screenshots show: markdown with a table and code, a table output, an error, an interrupted cell, a SQL grid. */
const CELLS = () => [
  markdown(MARKDOWN),
  code('df.head()', [{ output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/html': HTML_TABLE, 'text/plain': 'name value' } }], 1),
  code('from IPython.display import display\ndisplay()', [{ output_type: 'display_data', metadata: {}, data: {} }, { output_type: 'stream', name: 'stdout', text: 'shown\n' }], 2),
  code('1/0', [{ output_type: 'error', ename: 'ZeroDivisionError', evalue: 'division by zero', traceback: TRACEBACK }], 3),
  code('import time\ntime.sleep(100)', [{ output_type: 'error', ename: 'KeyboardInterrupt', evalue: '', traceback: INTERRUPT }], 4),
  code('SELECT region, count(*) AS orders, sum(amount) AS revenue FROM orders GROUP BY 1', [{ output_type: 'execute_result', execution_count: 5, metadata: {}, data: grid }], 5, { language: 'sql' }),
  markdown('## Notes\n\nThe numbers above are from the demo warehouse.'),
];

async function notebookWith(page: Page, name: string, cells: object[]): Promise<string> {
  const folder = `look-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  expect((await page.request.post('/api/notebook/folders', { data: { path: folder } })).ok()).toBe(true);
  const content = { nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } }, cells };
  expect((await page.request.post('/api/notebook/files', { data: { path: `${folder}/${name}`, content: JSON.stringify(content) } })).ok()).toBe(true);
  return `/admin/workspace/notebook/${folder}/${name}`;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/notebook-look/${name}.png` });

test.describe('How a notebook reads', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  for (const width of [1280, 700]) {
    test(`report view lays markdown out across the page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(await notebookWith(page, 'report.ipynb', CELLS()));
      const editor = new NotebookEditor(page);
      await expect(editor.cells.first()).toBeVisible();
      await shot(page, `code-${width}`);
      await editor.setView('Report');
      const prose = editor.cell(0).locator('.nb-markdown');
      await expect(prose).toContainText('Orders report');
      const cellWidth = (await editor.cell(0).boundingBox())!.width;
      // The markdown takes the cell's width, not the 52 px prompt column.
      expect((await prose.boundingBox())!.width).toBeGreaterThan(cellWidth * 0.8);
      await shot(page, `report-${width}`);
      await page.locator('.nb-scroller').evaluate((el) => (el.scrollTop = el.scrollHeight));
      await shot(page, `report-${width}-end`);
    });
  }

  test('code view: the cells start high on the page and scroll in one box; outputs are ruled, prompted and quiet', async ({ page }) => {
    await page.goto(await notebookWith(page, 'outputs.ipynb', CELLS()));
    const editor = new NotebookEditor(page);
    await expect(editor.cells.first()).toBeVisible();
    // Issue 35 item 15: ~370 px above the first cell, and the page scrolled as well as the cells' box.
    expect((await editor.cell(0).boundingBox())!.y).toBeLessThan(250);
    const scroller = page.locator('.nb-scroller');
    expect((await scroller.boundingBox())!.height).toBeGreaterThan(500);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
    // Rendered markdown reads as text: no grey code box behind it.
    expect(await editor.cell(0).locator('.nb-source-box').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    // Markdown tables ruled and padded; code blocks and inline code on a tinted ground.
    const mdCell = editor.cell(0).locator('.nb-markdown td').first();
    expect(await mdCell.evaluate((el) => [getComputedStyle(el).borderTopWidth, getComputedStyle(el).paddingLeft])).toEqual(['1px', '10px']);
    expect(await editor.cell(0).locator('.nb-markdown pre').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await editor.cell(0).locator('.nb-markdown p code').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // An HTML table output (not pandas' own class) is ruled too.
    const td = page.frameLocator('.nb-html-frame').first().locator('td').first();
    expect(await td.evaluate((el) => [getComputedStyle(el).borderTopWidth, getComputedStyle(el).paddingLeft])).toEqual(['1px', '8px']);
    // An empty display_data shows nothing (it said "Output of type none is not shown here.").
    await expect(editor.outputs(2)).toHaveText('shown');
    await expect(page.getByText(/is not shown here/)).toHaveCount(0);
    // A result has its Out[n] prompt; the scroll toggle is an icon with a tooltip, not a bare "Scroll".
    await expect(editor.cell(1).getByLabel('Result count')).toHaveText('Out[1]:');
    await expect(editor.cell(1).getByRole('button', { name: 'Scroll outputs' })).toHaveAttribute('title', 'Scroll the outputs in a smaller box');
    await expect(page.getByRole('button', { name: /^Scroll$/ })).toHaveCount(0);
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    // Numbers right-aligned in a SQL cell's grid.
    const orders = editor.cell(5).locator('.rg-cell', { hasText: /^120$/ });
    await expect(orders).toBeVisible();
    expect(await orders.evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');
    await shot(page, 'code-1280-end');
  });

  test('many tabs scroll inside their strip, never past the page, and the shown one is scrolled into view', async ({ page }) => {
    const urls: string[] = [];
    for (let i = 0; i < 9; i++) urls.push(await notebookWith(page, `a-rather-long-notebook-name-${i}.ipynb`, [markdown('# tab')]));
    const editor = new NotebookEditor(page);
    for (const [i, url] of urls.entries()) {
      await page.goto(url);
      await expect(editor.cells.first()).toBeVisible();
      // Its tab is an event written as the notebook opens: leaving before it shows could lose it on a busy machine.
      await expect(editor.tabs).toHaveCount(i + 1);
    }
    await expect(editor.tabs).toHaveCount(9);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(1280);
    const strip = (await page.getByRole('tablist', { name: 'Open notebooks' }).boundingBox())!;
    expect(strip.x + strip.width).toBeLessThanOrEqual(1280);
    const shown = page.getByRole('tab', { selected: true });
    await expect(shown).toHaveText('a-rather-long-notebook-name-8.ipynb');
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width + 1);
    await editor.tab('a-rather-long-notebook-name-0.ipynb').click();
    await expect(page.getByRole('tab', { selected: true })).toHaveText('a-rather-long-notebook-name-0.ipynb');
    expect((await page.getByRole('tab', { selected: true }).boundingBox())!.x).toBeGreaterThanOrEqual(strip.x - 1);
    await shot(page, 'tabs-1280');
  });
});
