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

  it('estimates row widths of nested and decimal types', () => {
    expect(byteWidth(DECIMAL(18, 2))).toBe(8);
    expect(byteWidth(DECIMAL(38, 2))).toBe(16);
    expect(byteWidth(LIST(DOUBLE))).toBe(16 + 4 * 8);
    expect(byteWidth(STRUCT({ a: INTEGER, b: BIGINT }))).toBe(12);
  });
});
