import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Cell, ResultColumn } from '../../../../contracts/bi';
import { ResultsGrid } from './ResultsGrid';

const col = (name: string, type = 'VARCHAR'): ResultColumn => ({ column_name: name, name, type, is_dttm: false });

function render(columns: ResultColumn[], rows: Record<string, Cell>[], extra: { elapsedMs?: number | null; limited?: boolean } = {}) {
  return renderToStaticMarkup(
    <ResultsGrid
      columns={columns}
      rows={rows}
      elapsedMs={extra.elapsedMs ?? null}
      limited={extra.limited ?? false}
      fileName="results.csv"
      initialSize={{ width: 1280, height: 720 }}
    />,
  );
}

/** The inner HTML of the gridcell of `row` (0-based data row) and `col` (0-based column). */
function cellHtml(html: string, row: number, col: number): string {
  const rowHtml = html.split('<div role="row" ').find((part) => part.startsWith(`aria-rowindex="${row + 2}"`)) ?? '';
  const cell = rowHtml.match(new RegExp(`<div role="gridcell" aria-colindex="${col + 1}"[^>]*>(.*?)</div>`));
  return cell?.[1] ?? '(not rendered)';
}

describe('ResultsGrid', () => {
  const columns = [col('id', 'INTEGER'), col('name'), col('active', 'BOOLEAN'), col('tags', 'VARCHAR[]')];
  const rows = [
    { id: 1, name: 'NULL', active: true, tags: ['a', 'b'] },
    { id: 2, name: null, active: false, tags: null },
  ];

  it('says "No results" without columns', () => {
    const html = render([], []);
    expect(html).toContain('No results');
    expect(html).not.toContain('role="grid"');
  });

  it('shows the header and "The query returned no rows" for an empty result', () => {
    const html = render(columns, []);
    expect(html).toContain('role="grid"');
    expect(html).toContain('role="columnheader"');
    expect(html).toContain('>name<');
    expect(html).toContain('The query returned no rows');
    expect(html).toContain('0 rows');
  });

  it('draws SQL NULL unlike the string "NULL"', () => {
    const html = render(columns, rows);
    expect(cellHtml(html, 0, 1)).toBe('NULL');
    expect(cellHtml(html, 1, 1)).toBe('<span class="rg-null">NULL</span>');
  });

  it('renders booleans, right-aligned numbers and lists as compact JSON', () => {
    const html = render(columns, rows);
    expect(cellHtml(html, 0, 2)).toBe('true');
    expect(cellHtml(html, 0, 3)).toBe('[&quot;a&quot;,&quot;b&quot;]');
    expect(html).toMatch(/aria-colindex="1" class="rg-cell rg-num"[^>]*>1</);
    expect(html).toMatch(/class="rg-cell rg-bool"[^>]*>false</);
  });

  it('shows the numbers of a column with the same decimals, right-aligned; NULL as before', () => {
    const numbers = [col('n', 'INTEGER'), col('x', 'DOUBLE'), col('amount', 'DECIMAL(10,2)')];
    const html = render(numbers, [
      { n: 1, x: 2.5, amount: 10.25 },
      { n: 22, x: 3, amount: 7 },
      { n: 333, x: 0.125, amount: null },
    ]);
    expect([0, 1, 2].map((row) => cellHtml(html, row, 0))).toEqual(['1', '22', '333']);
    expect([0, 1, 2].map((row) => cellHtml(html, row, 1))).toEqual(['2.500', '3.000', '0.125']);
    expect([0, 1, 2].map((row) => cellHtml(html, row, 2))).toEqual(['10.25', '7.00', '<span class="rg-null">NULL</span>']);
    expect(html.match(/class="rg-cell rg-num"/g)).toHaveLength(9);
  });

  it('renders values as text, never as HTML', () => {
    const html = render([col('x')], [{ x: '<img src=x onerror=alert(1)>' }]);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('is an accessible grid: counts, indices, focusable', () => {
    const html = render(columns, rows);
    expect(html).toMatch(/role="grid"[^>]*aria-rowcount="3" aria-colcount="4"[^>]*tabindex="0"/);
    expect(html).toContain('role="row" aria-rowindex="1"');
    expect(html).toContain('role="row" aria-rowindex="2"');
    expect(html).toMatch(/role="columnheader" aria-colindex="1"/);
    expect(html).toMatch(/role="gridcell" aria-colindex="4"/);
    // Row numbers are decoration: rows carry aria-rowindex.
    expect(html).toMatch(/class="rg-gutter"[^>]*aria-hidden="true"/);
  });

  it('renders only a window of 100,000 rows and of many columns', () => {
    const wide = Array.from({ length: 60 }, (_, i) => col(`c${i}`, 'INTEGER'));
    const many = new Array<Record<string, Cell>>(100_000).fill(Object.fromEntries(wide.map((c, i) => [c.name, i])));
    const html = render(wide, many);
    const renderedRows = html.match(/role="row"/g)?.length ?? 0;
    const renderedHeaders = html.match(/role="columnheader"/g)?.length ?? 0;
    expect(renderedRows).toBeGreaterThan(10);
    expect(renderedRows).toBeLessThan(60);
    expect(renderedHeaders).toBeLessThan(40);
    expect(html).toContain('aria-rowcount="100001"');
  });

  it('shows the row count, the limit and the elapsed time', () => {
    const html = render(columns, rows, { elapsedMs: 420, limited: true });
    expect(html).toContain('2 rows (limited)');
    expect(html).toContain('0.42 s');
    expect(html).toContain('Download CSV');
  });
});

describe('CSV formula escaping', () => {
  it('offers it next to the CSV buttons, on by default', () => {
    const html = render([col('v')], [{ v: '=1+1' }]);
    expect(html).toMatch(/<label class="rg-safe-csv"[^>]*><input type="checkbox" checked=""\/> Escape formulas<\/label>/);
  });
});
