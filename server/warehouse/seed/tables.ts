import { identifier, literal, qualified } from '../sql';
import { BET_REPORT_COLUMNS } from './betReport';
import { hashOf } from './gen';
import { columnKind } from './kinds';

/** A small table: a handful of generated rows, columns named from the vocabulary (kinds.ts). */
export interface TableSpec {
  name: string;
  comment: string;
  columns: readonly string[];
}

export interface ViewSpec {
  name: string;
  comment: string;
  /** The SELECT, with fully qualified table names (views resolve them at query time). */
  select: string;
  /** Every output column with its comment, or null to inherit the comment of the column of that name. */
  columns: Record<string, string | null>;
}

export interface SchemaSpec {
  name: string;
  /** Documentation only: DuckDB 1.5 cannot comment on schemas. */
  comment: string;
  tables: readonly TableSpec[];
  views?: readonly ViewSpec[];
}

/** t('journal_lines', 'Lines of journal entries', 'journal_line_id journal_id amount') */
export function t(name: string, comment: string, columns: string): TableSpec {
  return { name, comment, columns: columns.split(/\s+/).filter(Boolean) };
}

/** CREATE SCHEMA with its comment and every table of it (views come later: they may read other schemas). */
export function schemaStatements(catalog: string, schema: SchemaSpec): string[] {
  const target = qualified(catalog, schema.name);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${target}`,
    ...schema.tables.flatMap((table) => tableStatements(catalog, schema.name, table)),
  ];
}

/** 5 to 12 rows, each value a function of the row number and the column's full name. */
export function tableStatements(catalog: string, schema: string, table: TableSpec): string[] {
  const target = qualified(catalog, schema, table.name);
  const salt = `${catalog}.${schema}.${table.name}`;
  const columns = table.columns.map((name, index) => ({ name, ...columnKind(name, index === 0) }));
  const select = columns.map((c) => `CAST(${c.value('i', `${salt}.${c.name}`)} AS ${c.type}) AS ${identifier(c.name)}`);
  return [
    `CREATE TABLE ${target} AS SELECT ${select.join(', ')} FROM range((5 + ${hashOf(literal(salt), 'rows')} % 8)::BIGINT) r(i)`,
    `COMMENT ON TABLE ${target} IS ${literal(table.comment)}`,
    ...columns.map((c) => `COMMENT ON COLUMN ${target}.${identifier(c.name)} IS ${literal(c.comment)}`),
  ];
}

function inheritedComment(name: string): string {
  return BET_REPORT_COLUMNS.find((column) => column.name === name)?.comment ?? columnKind(name, false).comment;
}

export function viewStatements(catalog: string, schema: string, view: ViewSpec): string[] {
  const target = qualified(catalog, schema, view.name);
  return [
    `CREATE VIEW ${target} AS ${view.select}`,
    `COMMENT ON VIEW ${target} IS ${literal(view.comment)}`,
    ...Object.entries(view.columns).map(
      ([name, comment]) => `COMMENT ON COLUMN ${target}.${identifier(name)} IS ${literal(comment ?? inheritedComment(name))}`,
    ),
  ];
}
