import type { Cell, ResultColumn } from '../../../../contracts/bi';
import { cellText, isNumericType, type Row } from './gridModel';

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * One RFC 4180 field: quoted when it holds the delimiter, a quote or a line break (quotes doubled).
 * NULL is an empty field; an empty string is a quoted empty field, so the two stay apart for tools that care.
 */
export function csvField(value: Cell | undefined, delimiter = ','): string {
  if (value === null || value === undefined) return '';
  const text = cellText(value);
  if (text === '') return '""';
  const needsQuotes = text.includes(delimiter) || text.includes('"') || text.includes('\n') || text.includes('\r');
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

function record(values: (Cell | undefined)[], delimiter: string): string {
  return values.map((value) => csvField(value, delimiter)).join(delimiter);
}

/** Spreadsheets read a cell starting with one of these as a formula (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as JSON and DuckDB write it (-1.5, -1.5e-7, BIGINTs past 2^53 sent as text). */
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A cell as a spreadsheet may safely read it: text that would start a formula gets a leading
 * single quote (OWASP's advice), so it opens as the text it is. Numbers are not text: a JSON
 * number, or a number written as text in a numeric column (a BIGINT past 2^53), stays as it is,
 * so -5 remains the number -5 (a spreadsheet reads it as a value, never as a formula).
 */
export function neutralized(value: Cell | undefined, numericColumn: boolean): Cell | undefined {
  if (typeof value !== 'string' || !FORMULA_START.test(value)) return value;
  if (numericColumn && NUMBER_TEXT.test(value)) return value;
  return `'${value}`;
}

function isNumericColumn(column: ResultColumn): boolean {
  return column.type_generic === 0 || isNumericType(column.type);
}

export interface CsvOptions {
  /** Neutralise cells a spreadsheet would run as formulas (see neutralized); on unless turned off. */
  neutralize?: boolean;
}

/**
 * The whole result as CSV (header line, CRLF line ends), rows in `order` (the displayed order) when
 * given. The BOM is not included: it belongs to the downloaded file, not to clipboard text.
 */
export function toCsv(columns: ResultColumn[], rows: Row[], order: number[] | null = null, { neutralize = true }: CsvOptions = {}): string {
  const names = columns.map((column) => column.name);
  const numeric = columns.map(isNumericColumn);
  const cell = (value: Cell | undefined, numericColumn: boolean) => (neutralize ? neutralized(value, numericColumn) : value);
  const lines: string[] = [record(names.map((name) => cell(name, false)), ',')];
  const count = order ? order.length : rows.length;
  for (let i = 0; i < count; i++) {
    const row = rows[order ? order[i] : i];
    lines.push(record(names.map((name, column) => cell(row[name], numeric[column])), ','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * One row as tab-separated values (what spreadsheets paste into separate cells), formulas
 * neutralised as in the CSV export: a pasted row is read by the same spreadsheet.
 */
export function toTsvRow(columns: ResultColumn[], row: Row): string {
  return record(
    columns.map((column) => neutralized(row[column.name], isNumericColumn(column))),
    '\t',
  );
}

/** The download's name: the given one, with .csv added when it has no such extension. */
export function csvFileName(name: string): string {
  const trimmed = name.trim() || 'results';
  return /\.csv$/i.test(trimmed) ? trimmed : `${trimmed}.csv`;
}

/** The file Excel opens correctly: UTF-8 with a BOM. */
export function csvBlob(csv: string): Blob {
  return new Blob([UTF8_BOM, csv], { type: 'text/csv;charset=utf-8' });
}
