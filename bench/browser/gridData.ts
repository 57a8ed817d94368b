import type { Cell, ResultColumn } from '../../contracts/bi';

/** A result shaped like a wide warehouse table: the 29 column types a DuckDB query typically returns, some NULLs. */
const SHAPES: { name: string; type: string; make: (i: number, r: () => number) => Cell }[] = [
  { name: 'order_id', type: 'BIGINT', make: (i) => 1_000_000 + i },
  { name: 'customer_name', type: 'VARCHAR', make: (i, r) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(r() * LAST.length)]}` },
  { name: 'country', type: 'VARCHAR', make: (_, r) => COUNTRIES[Math.floor(r() * COUNTRIES.length)] },
  { name: 'amount', type: 'DECIMAL(18,2)', make: (_, r) => Math.round(r() * 1_000_000) / 100 },
  { name: 'quantity', type: 'INTEGER', make: (_, r) => Math.floor(r() * 50) },
  { name: 'discount', type: 'DOUBLE', make: (_, r) => r() * 0.3 },
  { name: 'is_paid', type: 'BOOLEAN', make: (_, r) => r() > 0.3 },
  { name: 'created_at', type: 'TIMESTAMP', make: (i) => new Date(Date.UTC(2024, 0, 1) + i * 61_000).toISOString().replace('T', ' ').slice(0, 19) },
  { name: 'ship_date', type: 'DATE', make: (i) => new Date(Date.UTC(2024, 0, 2) + i * 3_600_000).toISOString().slice(0, 10) },
  { name: 'status', type: 'VARCHAR', make: (_, r) => STATUS[Math.floor(r() * STATUS.length)] },
  { name: 'sku', type: 'VARCHAR', make: (_, r) => `SKU-${Math.floor(r() * 1e6).toString(36).toUpperCase()}` },
  { name: 'unit_price', type: 'DOUBLE', make: (_, r) => Math.round(r() * 50_000) / 100 },
  { name: 'tax_rate', type: 'DECIMAL(5,4)', make: (_, r) => Math.round(r() * 2500) / 10_000 },
  { name: 'warehouse', type: 'VARCHAR', make: (_, r) => `WH-${Math.floor(r() * 40)}` },
  { name: 'notes', type: 'VARCHAR', make: (i, r) => (r() < 0.5 ? '' : `Customer asked for delivery after ${i % 12} pm, "fragile" — leave at the back door, call first`) },
  { name: 'weight_kg', type: 'FLOAT', make: (_, r) => Math.round(r() * 10_000) / 100 },
  { name: 'line_count', type: 'SMALLINT', make: (_, r) => 1 + Math.floor(r() * 9) },
  { name: 'tags', type: 'VARCHAR[]', make: (_, r) => TAGS.filter(() => r() < 0.3) },
  { name: 'attributes', type: 'STRUCT(color VARCHAR, size VARCHAR)', make: (_, r) => ({ color: COLORS[Math.floor(r() * COLORS.length)], size: r() < 0.5 ? 'M' : 'XL' }) },
  { name: 'email', type: 'VARCHAR', make: (i) => `${FIRST[i % FIRST.length].toLowerCase()}.${i}@example.com` },
  { name: 'session_id', type: 'UUID', make: (i, r) => `${Math.floor(r() * 0xffffffff).toString(16).padStart(8, '0')}-4e2b-9c1d-${(i % 0xffff).toString(16).padStart(4, '0')}-5f3a0c9b7d21` },
  { name: 'big_counter', type: 'HUGEINT', make: (i) => `${170141183460469231731n - BigInt(i) * 7919n}` },
  { name: 'score', type: 'DOUBLE', make: (_, r) => r() * 100 - 50 },
  { name: 'region_code', type: 'VARCHAR', make: (_, r) => `R${Math.floor(r() * 9)}` },
  { name: 'updated_at', type: 'TIMESTAMP WITH TIME ZONE', make: (i) => new Date(Date.UTC(2024, 5, 1) + i * 13_000).toISOString() },
  { name: 'channel', type: 'VARCHAR', make: (_, r) => (r() < 0.5 ? 'web' : 'store') },
  { name: 'returned', type: 'BOOLEAN', make: (_, r) => r() < 0.05 },
  { name: 'margin', type: 'DECIMAL(18,2)', make: (_, r) => Math.round((r() - 0.2) * 200_000) / 100 },
  { name: 'comment', type: 'VARCHAR', make: (_, r) => (r() < 0.5 ? 'NULL' : 'ok') },
];

const FIRST = ['Ann', 'Bob', 'Chloé', 'Dmitri', 'Eve', 'Fatima', 'Gus', 'Hiro', 'Ines', 'José', 'Kai', 'Lena'];
const LAST = ['Smith', 'Müller', 'García', 'Nguyen', 'Okafor', 'Rossi', 'Kowalski', 'Tanaka', 'Dubois', 'Andersson'];
const COUNTRIES = ['France', 'Germany', 'Japan', 'Brazil', 'Nigeria', 'Canada', 'India', 'Spain', 'Poland', 'Vietnam'];
const STATUS = ['shipped', 'pending', 'cancelled', 'delivered', 'returned'];
const TAGS = ['gift', 'priority', 'b2b', 'promo', 'repeat'];
const COLORS = ['red', 'green', 'blue', 'black'];

/** Deterministic, so every run and every machine sorts and renders the same values. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GridData {
  columns: ResultColumn[];
  rows: Record<string, Cell>[];
}

/** `rowCount` rows of `columnCount` columns (shapes repeat past 29), about 4% NULLs outside the key column. */
export function makeGridData(rowCount: number, columnCount: number): GridData {
  const random = mulberry32(42);
  const shapes = Array.from({ length: columnCount }, (_, i) => {
    const shape = SHAPES[i % SHAPES.length];
    return { ...shape, name: i < SHAPES.length ? shape.name : `${shape.name}_${Math.floor(i / SHAPES.length)}` };
  });
  const columns = shapes.map(({ name, type }) => ({ column_name: name, name, type, is_dttm: /^(DATE|TIMESTAMP)/.test(type) }));
  const rows = Array.from({ length: rowCount }, (_, i) => {
    const row: Record<string, Cell> = {};
    for (const [c, shape] of shapes.entries()) row[shape.name] = c > 0 && random() < 0.04 ? null : shape.make(i, random);
    return row;
  });
  return { columns, rows };
}
