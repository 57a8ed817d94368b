import { describe, expect, it } from 'vitest';
import { BIGINT, DECIMAL, DOUBLE, INTEGER, LIST, STRUCT, VARCHAR } from '@duckdb/node-api';
import { byteWidth, planEstimate } from './estimate';

const plan = JSON.stringify([
  {
    name: 'PROJECTION',
    extra_info: { 'Estimated Cardinality': '250' },
    children: [
      {
        name: 'HASH_GROUP_BY',
        extra_info: {},
        children: [{ name: 'SEQ_SCAN', extra_info: { 'Estimated Cardinality': '1000' }, children: [] }],
      },
    ],
  },
]);

describe('planEstimate', () => {
  it('takes the root cardinality, sums all of them and sizes the rows by their types', () => {
    expect(planEstimate(plan, [INTEGER, VARCHAR])).toEqual({ outputCount: 250, cpuCost: 1250, outputSize: 250 * (4 + 16) });
  });

  it('falls back to the nearest operator below a root without an estimate', () => {
    const rootless = JSON.stringify([{ name: 'ORDER_BY', extra_info: {}, children: JSON.parse(plan) }]);
    expect(planEstimate(rootless, [BIGINT]).outputCount).toBe(250);
    expect(planEstimate('[]', [BIGINT])).toEqual({ outputCount: 0, cpuCost: 0, outputSize: 0 });
  });

  it('reads the operators a root without an estimate puts out: aggregates, top-n, late materialization', () => {
    const scan = { name: 'SEQ_SCAN', extra_info: { 'Estimated Cardinality': '1000000' }, children: [] };
    const count = JSON.stringify([{ name: 'UNGROUPED_AGGREGATE', extra_info: {}, children: [scan] }]);
    expect(planEstimate(count, [BIGINT]).outputCount).toBe(1);
    // SELECT * FROM t ORDER BY a LIMIT 10, as DuckDB plans it: a rowid semi join against a top-n.
    const late = (limited: object) =>
      JSON.stringify([
        {
          name: 'PROJECTION',
          extra_info: { 'Estimated Cardinality': '0' },
          children: [{ name: 'HASH_JOIN', extra_info: { 'Join Type': 'SEMI', Conditions: 'rowid = rowid', 'Estimated Cardinality': '0' }, children: [scan, limited] }],
        },
      ]);
    expect(planEstimate(late({ name: 'TOP_N', extra_info: { Top: '10' }, children: [scan] }), [BIGINT]).outputCount).toBe(10);
    // A streaming limit carries no number: the statement's own LIMIT caps the count.
    const streaming = late({ name: 'STREAMING_LIMIT', extra_info: {}, children: [scan] });
    expect(planEstimate(streaming, [BIGINT]).outputCount).toBe(1_000_000);
    expect(planEstimate(streaming, [BIGINT], 500)).toMatchObject({ outputCount: 500, outputSize: 500 * 8 });
  });

  it('estimates row widths of nested and decimal types', () => {
    expect(byteWidth(DECIMAL(18, 2))).toBe(8);
    expect(byteWidth(DECIMAL(38, 2))).toBe(16);
    expect(byteWidth(LIST(DOUBLE))).toBe(16 + 4 * 8);
    expect(byteWidth(STRUCT({ a: INTEGER, b: BIGINT }))).toBe(12);
  });
});
