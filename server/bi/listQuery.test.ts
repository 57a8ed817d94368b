import { describe, expect, it } from 'vitest';
import type { SqlValue } from '../store/db';
import { BiHttpError } from './errors';
import { applyList, parseListRequest, parsePage, toSql, type ListSpec } from './listQuery';

const SPEC: ListSpec = {
  columns: {
    name: { kind: 'text', expr: 't.name', ops: ['eq', 'ct', 'sw', 'ew', 'nct', 'neq'] },
    size: { kind: 'integer', expr: 't.size', ops: ['eq', 'gt', 'lt', 'in', 'between'] },
    open: { kind: 'boolean', expr: 't.open', ops: ['eq'] },
    at: { kind: 'time', expr: 't.at', ops: ['gt', 'between'] },
  },
  custom: { 'name:all_text': { kind: 'text', sql: (bind, value) => `t.name = ${bind(value)} OR t.note = ${bind(value)}` } },
  order: { name: 't.name', size: 't.size' },
  defaultOrder: { column: 'size', direction: 'desc' },
  tieBreaker: 't.id',
};

function status(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    if (error instanceof BiHttpError) return error.statusCode;
    throw error;
  }
  return 200;
}

describe('list arguments', () => {
  it('defaults: no filters, the default order, page 0 of 25', () => {
    expect(parseListRequest({}, SPEC)).toEqual({ filters: [], orderColumn: 'size', direction: 'desc', page: 0, pageSize: 25 });
    expect(parseListRequest({ order_column: 'name' }, SPEC).direction).toBe('asc');
  });

  it('clamps page_size out of 1..100 to 100 like Flask-AppBuilder; rejects bad pages', () => {
    expect(parsePage({ page_size: 500 }).pageSize).toBe(100);
    expect(parsePage({ page_size: 0 }).pageSize).toBe(100);
    expect(parsePage({ page: 2, page_size: 10 })).toEqual({ page: 2, pageSize: 10 });
    for (const raw of [{ page: -1 }, { page: 1.5 }, { page: 'x' }, { page_size: '10' }]) expect(status(() => parsePage(raw))).toBe(400);
  });

  it('answers 400 for unknown columns, operators, orders and ill-typed values', () => {
    const bad = [
      { filters: [{ col: 'secret', opr: 'eq', value: 1 }] },
      { filters: [{ col: 'name', opr: 'gt', value: 'a' }] },
      { filters: [{ col: 'size', opr: 'eq', value: 'big' }] },
      { filters: [{ col: 'size', opr: 'in', value: [] }] },
      { filters: [{ col: 'size', opr: 'between', value: [1] }] },
      { filters: [{ col: 'open', opr: 'eq', value: 'yes' }] },
      { filters: [{ col: 'at', opr: 'gt', value: 'not a date' }] },
      { filters: [{ col: 'name', opr: 'eq' }] },
      { filters: 'name' },
      { order_column: 'password' },
      { order_column: 'name', order_direction: 'up' },
    ];
    for (const raw of bad) expect(status(() => parseListRequest(raw, SPEC)), JSON.stringify(raw)).toBe(400);
  });

  it('builds SQL whose values are all bound, after the caller\'s own parameters', () => {
    const request = parseListRequest(
      {
        filters: [
          { col: 'name', opr: 'ct', value: "o'clock" },
          { col: 'size', opr: 'in', value: [1, 2] },
          { col: 'at', opr: 'between', value: ['2024-01-01T00:00:00Z', 1_800_000_000_000] },
          { col: 'name', opr: 'all_text', value: 'x' },
        ],
        order_column: 'name',
        order_direction: 'desc',
        page: 2,
        page_size: 10,
      },
      SPEC,
    );
    const params: SqlValue[] = ['viewer'];
    const sql = toSql(request, SPEC, params);
    expect(sql.where).toBe('(contains(lower(t.name), lower($2))) AND (t.size IN ($3, $4)) AND (t.at BETWEEN $5 AND $6) AND (t.name = $7 OR t.note = $8)');
    expect(sql.orderBy).toBe('t.name DESC NULLS LAST, t.id DESC');
    expect([sql.limit, sql.offset]).toEqual(['$9', '$10']);
    expect(params).toEqual(['viewer', "o'clock", 1, 2, Date.parse('2024-01-01T00:00:00Z'), 1_800_000_000_000, 'x', 'x', 10, 20]);
  });

  it('filters, orders and pages items in memory with the same meaning', () => {
    const items = [
      { name: 'Alpha', size: 3, open: true },
      { name: 'beta', size: 1, open: false },
      { name: 'Gamma', size: 2, open: true },
    ];
    const run = (raw: Record<string, unknown>) => applyList(items, parseListRequest(raw, SPEC));
    expect(run({}).page.map((item) => item.size)).toEqual([3, 2, 1]);
    expect(run({ filters: [{ col: 'name', opr: 'ct', value: 'A' }], order_column: 'name' }).page.map((item) => item.name)).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(run({ filters: [{ col: 'open', opr: 'eq', value: true }] }).count).toBe(2);
    expect(run({ filters: [{ col: 'name', opr: 'sw', value: 'g' }] }).page).toEqual([items[2]]);
    expect(run({ filters: [{ col: 'size', opr: 'between', value: [2, 3] }], page: 1, page_size: 1 })).toEqual({ count: 2, page: [items[2]] });
  });
});
