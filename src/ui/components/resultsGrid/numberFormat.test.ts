import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../../../contracts/bi';
import { columnDecimals, decimalsOf, formatNumber, MAX_DECIMALS, shownText } from './numberFormat';

const col = (name: string, type: string): ResultColumn => ({ column_name: name, name, type, is_dttm: false });
const rows = (values: unknown[]) => values.map((v) => ({ v: v as number }));

describe('decimalsOf', () => {
  it.each([
    [3, 0],
    [2.5, 1],
    [0.125, 3],
    [-12.75, 2],
    [0.1 + 0.2, 1],
    [1 / 3, MAX_DECIMALS],
    // Too small for MAX_DECIMALS: such values keep their own notation (formatNumber).
    [1.5e-7, 0],
  ])('%d → %d', (value, decimals) => expect(decimalsOf(value)).toBe(decimals));
});

describe('columnDecimals: one format per column', () => {
  it('gives integer types no decimals and DECIMAL its scale (capped)', () => {
    expect(columnDecimals(col('v', 'BIGINT'), rows([1, 2]))).toBe(0);
    expect(columnDecimals(col('v', 'HUGEINT'), rows(['170141183460469231731']))).toBe(0);
    expect(columnDecimals(col('v', 'DECIMAL(18,2)'), rows([12.5, 3]))).toBe(2);
    expect(columnDecimals(col('v', 'decimal(38, 10)'), rows([1.5]))).toBe(MAX_DECIMALS);
  });

  it('gives doubles the most decimals any value of the column needs, NULLs ignored', () => {
    expect(columnDecimals(col('v', 'DOUBLE'), rows([2.5, 3, null, 0.125]))).toBe(3);
    expect(columnDecimals(col('v', 'FLOAT'), rows([1, 2, 3]))).toBe(0);
    expect(columnDecimals(col('v', 'DOUBLE'), rows([1 / 3, 2]))).toBe(MAX_DECIMALS);
  });

  it('finds what decimalsOf finds on every value, however the values are spread', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let trial = 0; trial < 200; trial++) {
      const digits = Math.floor(random() * 9);
      const values = Array.from({ length: 50 }, () => {
        const raw = (random() - 0.5) * 10 ** Math.floor(random() * 12 - 4);
        return random() < 0.2 ? raw : Math.round(raw * 10 ** digits) / 10 ** digits;
      });
      const expected = Math.max(0, ...values.map(decimalsOf));
      expect(columnDecimals(col('v', 'DOUBLE'), rows(values)), values.join(' ')).toBe(expected);
    }
  });

  it('leaves columns that are not numeric alone', () => {
    expect(columnDecimals(col('v', 'VARCHAR'), rows(['1.5']))).toBeNull();
    expect(columnDecimals(col('v', 'INTEGER[]'), rows([[1, 2]]))).toBeNull();
  });
});

describe('formatNumber', () => {
  it('shows exactly the column decimals, without separators', () => {
    expect(formatNumber(3, 3)).toBe('3.000');
    expect(formatNumber(2.5, 3)).toBe('2.500');
    expect(formatNumber(0.1 + 0.2, 1)).toBe('0.3');
    expect(formatNumber(-1234567.891, 2)).toBe('-1234567.89');
    expect(formatNumber(10000001, 0)).toBe('10000001');
  });

  it('keeps its own text where fixed notation would mislead', () => {
    expect(formatNumber(1.5e-9, 2)).toBe('1.5e-9');
    expect(formatNumber(-1e-9, 2)).toBe('-1e-9');
    expect(formatNumber(2e21, 2)).toBe('2e+21');
    expect(formatNumber(0, 2)).toBe('0.00');
  });
});

describe('shownText', () => {
  it('formats numbers of numeric columns only; other values as before', () => {
    expect(shownText(2.5, 2)).toBe('2.50');
    expect(shownText(2.5, null)).toBe('2.5');
    expect(shownText('12345678901234567890', 0)).toBe('12345678901234567890');
    expect(shownText(true, 0)).toBe('true');
  });
});
