import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../../../contracts/bi';
import {
  alignRight, cellKind, cellText, columnStarts, DISPLAY_CHARS, displayText, estimateColumnWidths, fitColumnWidth,
  formatElapsed, formatRowCount, isNumericType, isTemporalType, mayOverflow, METRICS, revealOffset, rowNumberWidth, sampleRows,
} from './gridModel';

const col = (name: string, type = 'VARCHAR', is_dttm = false): ResultColumn => ({ column_name: name, name, type, is_dttm });

describe('isNumericType', () => {
  it('knows DuckDB numeric type names, with or without precision', () => {
    for (const type of ['INTEGER', 'BIGINT', 'HUGEINT', 'UBIGINT', 'SMALLINT', 'TINYINT', 'DOUBLE', 'FLOAT', 'REAL', 'DECIMAL(18,2)', 'decimal(38, 10)', 'NUMERIC', 'INT8']) {
      expect(isNumericType(type), type).toBe(true);
    }
  });

  it('is false for text, time, lists and structs', () => {
    for (const type of ['VARCHAR', 'INTERVAL', 'INTEGER[]', 'STRUCT(a INTEGER)', 'DATE', 'TIMESTAMP', 'BOOLEAN', 'UUID', '']) {
      expect(isNumericType(type), type).toBe(false);
    }
  });
});

describe('cell text', () => {
  it('classifies values', () => {
    expect([null, 1, true, [1], { a: 1 }, 'x'].map((v) => cellKind(v))).toEqual(['null', 'number', 'boolean', 'json', 'json', 'text']);
    expect(cellKind(undefined)).toBe('null');
  });

  it('copies NULL as empty, structs and lists as compact JSON', () => {
    expect(cellText(null)).toBe('');
    expect(cellText({ a: 1, b: [true, null] })).toBe('{"a":1,"b":[true,null]}');
    expect(cellText(false)).toBe('false');
    expect(cellText(1.5)).toBe('1.5');
  });

  it('shows one line and cuts very long values', () => {
    expect(displayText('a\nb\r\nc')).toBe('a↵b↵c');
    const long = displayText('x'.repeat(DISPLAY_CHARS + 50));
    expect(long).toHaveLength(DISPLAY_CHARS + 1);
    expect(long.endsWith('…')).toBe(true);
  });

  it('right-aligns numbers and numeric columns, including big integers sent as strings', () => {
    expect(alignRight(col('n', 'HUGEINT'), '170141183460469231731687303715884105727')).toBe(true);
    expect(alignRight(col('s'), 3)).toBe(true);
    expect(alignRight(col('s'), '3')).toBe(false);
  });

  it('treats is_dttm and time type names as temporal', () => {
    expect(isTemporalType(col('t', 'TIMESTAMP WITH TIME ZONE'))).toBe(true);
    expect(isTemporalType(col('t', 'VARCHAR', true))).toBe(true);
    expect(isTemporalType(col('t', 'VARCHAR'))).toBe(false);
  });
});

describe('column widths', () => {
  it('samples evenly across the rows, not just the head', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ i }));
    const sample = sampleRows(rows, 10);
    expect(sample).toHaveLength(10);
    expect(sample.map((r) => r.i)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(sampleRows(rows.slice(0, 3), 10)).toHaveLength(3);
  });

  it('estimates from the header and the longest sampled value, within min and max', () => {
    const columns = [col('id', 'INTEGER'), col('a_rather_long_column_name'), col('description'), col('payload', 'JSON')];
    const rows = [
      { id: 1, a_rather_long_column_name: 'x', description: 'y'.repeat(30), payload: { a: 1 } },
      { id: 2, a_rather_long_column_name: null, description: 'z'.repeat(5000), payload: null },
    ];
    const [id, named, description, payload] = estimateColumnWidths(columns, rows);
    expect(id).toBe(Math.max(METRICS.min, Math.ceil(2 * METRICS.headerCharWidth + METRICS.headerExtra + METRICS.padding)));
    expect(named).toBe(Math.ceil(25 * METRICS.headerCharWidth + METRICS.headerExtra + METRICS.padding));
    expect(description).toBe(METRICS.max);
    expect(payload).toBe(METRICS.max);
  });

  it('a value wider than the header widens the column', () => {
    const [width] = estimateColumnWidths([col('n')], [{ n: '0123456789012345678901234567890' }]);
    expect(width).toBe(Math.ceil(31 * METRICS.charWidth + METRICS.padding));
  });

  it('auto-fit takes the widest of header and cells, capped', () => {
    expect(fitColumnWidth(40, [10, 120, 80])).toBe(Math.ceil(120 + METRICS.padding));
    expect(fitColumnWidth(200, [10])).toBe(Math.ceil(200 + METRICS.headerExtra + METRICS.padding));
    expect(fitColumnWidth(5, [])).toBe(METRICS.min);
    expect(fitColumnWidth(10, [5000])).toBe(METRICS.fitMax);
  });

  it('sizes the row-number column for the largest number', () => {
    expect(rowNumberWidth(0)).toBe(44);
    expect(rowNumberWidth(100_000)).toBeGreaterThan(rowNumberWidth(1000));
  });

  it('clips only a cell whose text may not fit: the longest estimated value fits, other alphabets always clip', () => {
    const value = '0123456789012345678901234567890';
    const [width] = estimateColumnWidths([col('n')], [{ n: value }]);
    expect(mayOverflow(value, width)).toBe(false);
    expect(mayOverflow(`${value}0`, width)).toBe(true);
    expect(mayOverflow('short', METRICS.min)).toBe(false);
    expect(mayOverflow('日本', METRICS.max)).toBe(true);
    expect(mayOverflow('Chloé', METRICS.max)).toBe(true);
  });

  it('computes column starts after the row-number column', () => {
    expect(columnStarts([100, 50, 70], 44)).toEqual([44, 144, 194]);
  });
});

describe('revealOffset', () => {
  // viewport 300 px high, 34 px covered by the sticky header
  it('leaves a visible item alone', () => {
    expect(revealOffset(134, 28, 0, 300, 34)).toBe(0);
  });

  it('scrolls up so the item sits just below the sticky header', () => {
    expect(revealOffset(534, 28, 600, 300, 34)).toBe(500);
    expect(revealOffset(34, 28, 600, 300, 34)).toBe(0);
  });

  it('scrolls down so the item sits at the bottom edge', () => {
    expect(revealOffset(1034, 28, 0, 300, 34)).toBe(762);
  });

  it('an item larger than the viewport shows its start', () => {
    expect(revealOffset(1000, 500, 0, 300, 40)).toBe(960);
  });
});

describe('footer texts', () => {
  it('counts rows with separators and says when the result was limited', () => {
    expect(formatRowCount(1000, false)).toBe('1,000 rows');
    expect(formatRowCount(100_000, true)).toBe('100,000 rows (limited)');
    expect(formatRowCount(1, false)).toBe('1 row');
    expect(formatRowCount(0, false)).toBe('0 rows');
  });

  it('formats the elapsed time', () => {
    expect(formatElapsed(420)).toBe('0.42 s');
    expect(formatElapsed(12_345)).toBe('12.35 s');
    expect(formatElapsed(63_000)).toBe('1 m 3 s');
    expect(formatElapsed(3_605_000)).toBe('1 h 0 m 5 s');
    expect(formatElapsed(null)).toBe('');
    expect(formatElapsed(Number.NaN)).toBe('');
  });
});
