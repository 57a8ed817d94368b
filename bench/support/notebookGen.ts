import type { Cell, CodeCell, Nbformat45, Output } from '../../src/model/nbformat/types';
import { newNotebook } from '../../src/model/nbformat/create';

/** A 24×12 RGB gradient (made once with zlib, CRC checked): a PNG output worth drawing. */
const PNG = [
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAMCAIAAAD3UuoiAAAB30lEQVR42g3MkbrGMAyA4fI4PC6Pw+PyODwOfs/P5XF4HB6Xx+VdxznvBbylFJaCFNZCLWwFLeyFVjgKVjgLXvgVeuEqROEuZOEpjMJbmIWvUIqwCCKsQhU2QYVdaMIhmHAKLvyELlxCCLeQwiMM4RWm8Ml/VFkqUlkrtbJVtLJXWuWoWOWseOVX6ZWrEpW7kpWnMipvZVa++h8piyLKqlRlU1TZlaYciimn4spP6cqlhHIrqTzKUF5lKp/+R42lIY21URtbQxt7ozWOhjXOhjd+jd64GtG4G9l4GqPxNmbja/+RsRhirEY1NkON3WjGYZhxGm78jG5cRhi3kcZjDOM1pvHZf+QsjjirU53NUWd3mnM45pyOOz+nO5cTzu2k8zjDeZ3pfP4fdZaOdNZO7Wwd7eyd1jk61jk73vl1eufqROfuZOfpjM7bmZ2v/0fBEkiwBjXYAg32oAVHYMEZePALenAFEdxBBk8wgjeYwRf/UbIkkqxJTbZEkz1pyZFYciae/JKeXEkkd5LJk4zkTWby5X80WAYyWAd1sA10sA/a4BjY4Bz44Dfog2sQg3uQg2cwBu9gDr7xH02WiUzWSZ1sE53skzY5JjY5Jz75TfrkmsTknuTkmYzJO5mTb/IHxiiNMNMvQOAAAAAASUVORK5CYII=',
].join('');

/** Cell ids that say where the cell is (nbformat 4.5 ids: letters, digits, '-'). */
const cellId = (i: number) => `bench-${String(i).padStart(5, '0')}`;

function markdown(i: number): Cell {
  const source = [`## Section ${i / 5 + 1}`, '', `Notes on step ${i}: *inputs*, **checks** and \`results\`.`, '', '- one point', '- another point'].join('\n');
  return { id: cellId(i), cell_type: 'markdown', metadata: {}, source };
}

function htmlTable(i: number): string {
  const rows = Array.from({ length: 5 }, (_, r) => `<tr><td>${r}</td><td>${i * r}</td><td>item-${r}</td></tr>`).join('');
  return `<table><thead><tr><th>#</th><th>value</th><th>name</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Which outputs cell `i` holds: a spread of stream text, results, HTML tables and PNGs. */
function outputs(i: number, count: number): Output[] {
  if (i % 7 === 1) return [{ output_type: 'stream', name: 'stdout', text: Array.from({ length: 4 }, (_, k) => `line ${k} of cell ${i}\n`).join('') }];
  if (i % 23 === 2) return [{ output_type: 'display_data', data: { 'text/html': htmlTable(i), 'text/plain': '<table>' }, metadata: {} }];
  if (i % 41 === 3) return [{ output_type: 'display_data', data: { 'image/png': PNG, 'text/plain': '<Figure size 24x12>' }, metadata: {} }];
  if (i % 11 === 4) return [{ output_type: 'execute_result', execution_count: count, data: { 'text/plain': String(i * 3) }, metadata: {} }];
  return [];
}

function code(i: number, count: number): CodeCell {
  const lines = [`value_${i} = ${i} * 3`, ...Array.from({ length: i % 6 }, (_, k) => `total_${k} = value_${i} + ${k}  # step ${k}`)];
  const outs = outputs(i, count);
  return { id: cellId(i), cell_type: 'code', metadata: {}, source: lines.join('\n'), outputs: outs, execution_count: outs.length > 0 ? count : null };
}

/**
 * A big notebook for the editor's benchmarks: `size` cells, every fifth markdown, the others code
 * of 1–6 lines, about a third of those with outputs. The same every time (no randomness).
 */
export function benchNotebook(size: number): Nbformat45 {
  let count = 0;
  const cells = Array.from({ length: size }, (_, i) => (i % 5 === 0 ? markdown(i) : code(i, ++count)));
  return { ...newNotebook(), cells };
}

/** `size` one-line code cells (`x_i = i`), the last printing a sum: the run-all benchmark's notebook. */
export function runAllNotebook(size: number): Nbformat45 {
  const cells: Cell[] = Array.from({ length: size }, (_, i) => ({
    id: cellId(i),
    cell_type: 'code',
    metadata: {},
    source: i === size - 1 ? `x_${i} = ${i}\nprint("done", x_${i})` : `x_${i} = ${i}`,
    outputs: [],
    execution_count: null,
  }));
  return { ...newNotebook(), cells };
}
