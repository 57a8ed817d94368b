import { DuckDBTypeId, type DuckDBType } from '@duckdb/node-api';
import type { Estimate } from './types';

interface PlanNode {
  name?: string;
  children?: PlanNode[];
  extra_info?: Record<string, unknown>;
}

/**
 * Plan estimates from DuckDB's `EXPLAIN (FORMAT JSON)` output: the rows the root puts out (see
 * rowsOut), capped by the statement's own LIMIT; the sum of the operators' estimated
 * cardinalities as a relative cost; and rows × an estimated row width.
 */
export function planEstimate(planJson: string, columnTypes: readonly DuckDBType[], limit: number | null = null): Estimate {
  const roots = JSON.parse(planJson) as PlanNode[];
  const cpuCost = roots.flatMap(nodesOf).reduce((sum, node) => sum + (cardinalityOf(node) ?? 0), 0);
  const rows = roots.length > 0 ? rowsOut(roots[0]!) : 0;
  const outputCount = limit === null ? rows : Math.min(rows, limit);
  const width = columnTypes.reduce((sum, type) => sum + byteWidth(type), 0);
  return { outputCount, cpuCost, outputSize: outputCount * width };
}

/**
 * Rows an operator puts out: its own estimate where DuckDB has one, else what the operator does
 * to its input (projections and sorts with a 0 estimate pass theirs on). A semi join on rowid
 * is DuckDB's late materialization (its estimate, and those above it, a placeholder 0): it puts
 * out as many rows as its smaller side.
 */
function rowsOut(node: PlanNode): number {
  const children = (node.children ?? []).map(rowsOut);
  const first = children[0] ?? 0;
  const own = cardinalityOf(node);
  if (children.length === 1 && PASS_THROUGH.has(node.name ?? '') && !own) return first;
  if (node.name === 'HASH_JOIN' && node.extra_info?.['Join Type'] === 'SEMI' && node.extra_info?.Conditions === 'rowid = rowid') {
    return Math.min(...children);
  }
  if (own !== null) return own;
  if (node.name === 'UNGROUPED_AGGREGATE') return 1;
  if (node.name === 'TOP_N') return Math.min(first, Number(node.extra_info?.Top) || first);
  return first;
}

const PASS_THROUGH = new Set(['PROJECTION', 'ORDER_BY']);

/** Depth first, the root first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.children ?? []).flatMap(nodesOf)];
}

function cardinalityOf(node: PlanNode): number | null {
  const value = Number(node.extra_info?.['Estimated Cardinality']);
  return Number.isFinite(value) ? value : null;
}

const FIXED_WIDTH: Partial<Record<DuckDBTypeId, number>> = {
  [DuckDBTypeId.BOOLEAN]: 1,
  [DuckDBTypeId.TINYINT]: 1,
  [DuckDBTypeId.UTINYINT]: 1,
  [DuckDBTypeId.SMALLINT]: 2,
  [DuckDBTypeId.USMALLINT]: 2,
  [DuckDBTypeId.INTEGER]: 4,
  [DuckDBTypeId.UINTEGER]: 4,
  [DuckDBTypeId.FLOAT]: 4,
  [DuckDBTypeId.DATE]: 4,
  [DuckDBTypeId.BIGINT]: 8,
  [DuckDBTypeId.UBIGINT]: 8,
  [DuckDBTypeId.DOUBLE]: 8,
  [DuckDBTypeId.TIME]: 8,
  [DuckDBTypeId.TIME_NS]: 8,
  [DuckDBTypeId.TIME_TZ]: 8,
  [DuckDBTypeId.TIMESTAMP]: 8,
  [DuckDBTypeId.TIMESTAMP_S]: 8,
  [DuckDBTypeId.TIMESTAMP_MS]: 8,
  [DuckDBTypeId.TIMESTAMP_NS]: 8,
  [DuckDBTypeId.TIMESTAMP_TZ]: 8,
  [DuckDBTypeId.HUGEINT]: 16,
  [DuckDBTypeId.UHUGEINT]: 16,
  [DuckDBTypeId.UUID]: 16,
  [DuckDBTypeId.INTERVAL]: 16,
  // Strings: DuckDB's 16-byte string header, short strings inline; a fair average for text columns.
  [DuckDBTypeId.VARCHAR]: 16,
  [DuckDBTypeId.BLOB]: 32,
};

/** Assumed elements of a list or map: DuckDB has no statistics to do better before running. */
const LIST_LENGTH = 4;

/** Estimated bytes of one value of the type. */
export function byteWidth(type: DuckDBType): number {
  switch (type.typeId) {
    case DuckDBTypeId.DECIMAL:
      return type.width <= 4 ? 2 : type.width <= 9 ? 4 : type.width <= 18 ? 8 : 16;
    case DuckDBTypeId.LIST:
      return 16 + LIST_LENGTH * byteWidth(type.valueType);
    case DuckDBTypeId.ARRAY:
      return type.length * byteWidth(type.valueType);
    case DuckDBTypeId.MAP:
      return 16 + LIST_LENGTH * (byteWidth(type.keyType) + byteWidth(type.valueType));
    case DuckDBTypeId.STRUCT:
      return type.entryTypes.reduce((sum, entry) => sum + byteWidth(entry), 0);
    default:
      return FIXED_WIDTH[type.typeId] ?? 16;
  }
}
