import type { Cell, ResultColumn } from '../../../../contracts/bi';
import { cellText, type Row } from './gridModel';

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

/**
 * The whole result as CSV (header line, CRLF line ends), rows in `order` (the displayed order) when
 * given. The BOM is not included: it belongs to the downloaded file, not to clipboard text.
 */
export function toCsv(columns: ResultColumn[], rows: Row[], order: number[] | null = null): string {
  const names = columns.map((column) => column.name);
  const lines: string[] = [record(names, ',')];
  const count = order ? order.length : rows.length;
  for (let i = 0; i < count; i++) {
    const row = rows[order ? order[i] : i];
    lines.push(record(names.map((name) => row[name]), ','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** One row as tab-separated values (what spreadsheets paste into separate cells). */
export function toTsvRow(columns: ResultColumn[], row: Row): string {
  return record(
    columns.map((column) => row[column.name]),
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
