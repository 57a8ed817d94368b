import { describe, expect, it, vi } from 'vitest';
import { BiHttpError } from './errors';
import { decodeRison, risonIds, risonObject } from './rison';

function badRequestOf(run: () => unknown): BiHttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof BiHttpError) return error;
    throw error;
  }
  throw new Error('expected a BiHttpError');
}

describe('rison q', () => {
  it("decodes Superset's list arguments", () => {
    const q = "(filters:!((col:database,opr:rel_o_m,value:1),(col:sql,opr:ct,value:'a b')),order_column:start_time,order_direction:desc,page:0,page_size:25)";
    expect(risonObject(q)).toEqual({
      filters: [
        { col: 'database', opr: 'rel_o_m', value: 1 },
        { col: 'sql', opr: 'ct', value: 'a b' },
      ],
      order_column: 'start_time',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
    expect(risonObject('(force:!f,catalog:lakehouse)')).toEqual({ force: false, catalog: 'lakehouse' });
    expect(risonIds('!(1,2,2)')).toEqual([1, 2]);
  });

  it('treats an absent or empty q as no arguments', () => {
    expect(decodeRison(undefined)).toBeUndefined();
    expect(risonObject(undefined)).toEqual({});
    expect(risonObject('')).toEqual({});
  });

  it('answers 400 with the reason for malformed rison, without logging to the console', () => {
    const log = vi.spyOn(console, 'log');
    for (const q of ['(a:', '!(1,2', '(a:b c)', 'x y', '(page:0']) {
      const error = badRequestOf(() => risonObject(q));
      expect(error.statusCode).toBe(400);
      expect(error.body.message).toMatch(/^Not a valid rison argument: /);
    }
    expect(log).not.toHaveBeenCalled();
  });

  it('answers 400 when q has the wrong shape', () => {
    expect(badRequestOf(() => risonObject('!(1,2)')).body.message).toMatch(/must be an object/);
    for (const q of ['(a:1)', '!()', "!(1,'x')", '!(0)', '!(1.5)']) expect(badRequestOf(() => risonIds(q)).statusCode).toBe(400);
  });
});
