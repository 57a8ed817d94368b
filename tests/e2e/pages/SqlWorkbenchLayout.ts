import type { Locator, Page } from '@playwright/test';

/** The SQL workbench's editor/results split and what the results grid shows. */
export class SqlWorkbenchLayout {
  readonly separator: Locator;
  readonly editorFrame: Locator;
  readonly gridScroller: Locator;

  constructor(readonly page: Page) {
    this.separator = page.getByRole('separator', { name: 'Resize the editor and the results' });
    this.editorFrame = page.locator('.sql-editor-frame');
    this.gridScroller = page.getByRole('grid', { name: 'Query results' });
  }

  async editorHeight(): Promise<number> {
    return (await this.editorFrame.boundingBox())?.height ?? 0;
  }

  async separatorValue(): Promise<number> {
    return Number(await this.separator.getAttribute('aria-valuenow'));
  }

  /** Result rows the grid shows whole, below its sticky header (rows are 28 px, the header 34 px). */
  async wholeRowsInView(): Promise<number> {
    const box = await this.gridScroller.boundingBox();
    return box ? Math.floor((box.height - 34) / 28) : 0;
  }

  /** The rendered cells of a column (1-based, as aria-colindex), top to bottom. */
  columnCells(column: number): Locator {
    return this.gridScroller.locator(`[role="gridcell"][aria-colindex="${column}"]`);
  }

  /** For each cell of the column: the gaps between its text and its left and right edges, in px. */
  textInsets(column: number): Promise<{ left: number; right: number }[]> {
    return this.columnCells(column).evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        const box = cell.getBoundingClientRect();
        return { left: text.left - box.left, right: box.right - text.right };
      }),
    );
  }

  /** Drags the separator by `dy` pixels with the mouse. */
  async dragSeparator(dy: number) {
    const box = await this.separator.boundingBox();
    if (!box) throw new Error('The separator has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x, y + dy / 2, { steps: 4 });
    await this.page.mouse.move(x, y + dy, { steps: 4 });
    await this.page.mouse.up();
  }
}
