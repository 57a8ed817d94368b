import type { Cell, ResultColumn } from '../../../../contracts/bi';

/** Fixed heights keep row positions arithmetic (index × height), which is what makes 100,000 rows cheap. */
export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 34;
/** A cell draws at most this many characters: a 1 MB text value must not cost a layout of 1 MB. */
export const DISPLAY_CHARS = 500;

export type Row = Record<string, Cell>;
export type CellKind = 'null' | 'number' | 'boolean' | 'json' | 'text';

/** Pixel metrics of the grid's fonts and paddings (resultsGrid.css); estimates and auto-fit use them. */
export interface WidthMetrics {
  /** Average advance of the value font (12.5px monospace). */
  charWidth: number;
  /** Average advance of the header font (12.5px semibold sans-serif). */
  headerCharWidth: number;
  /** Left + right padding and the border of a cell. */
  padding: number;
  /** Room for the sort arrow (and its gap) next to a header name, with a little slack for wider fonts. */
  headerExtra: number;
  min: number;
  /** Cap of the initial estimate; a user can still drag a column wider. */
  max: number;
  /** Cap of a double-click auto-fit. */
  fitMax: number;
  /** How many rows the initial estimate looks at, spread over the result. */
  sample: number;
}

export const METRICS: WidthMetrics = {
  charWidth: 7.6,
  headerCharWidth: 7.8,
  padding: 21,
  headerExtra: 26,
  min: 60,
  max: 360,
  fitMax: 800,
  sample: 200,
};

const NUMERIC_TYPE =
  /^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|INT[1248]|LONG|SHORT|FLOAT[48]?|REAL|DOUBLE( PRECISION)?|DECIMAL|NUMERIC|VARINT|BIGNUM)(\s*\(\s*\d+\s*(,\s*\d+\s*)?\))?$/;

/** DuckDB's numeric type names (INTEGER, BIGINT, DOUBLE, DECIMAL(18,2)…); lists like INTEGER[] are not numeric. */
export function isNumericType(type: string): boolean {
  return NUMERIC_TYPE.test(type.trim().toUpperCase());
}

export function isBooleanType(type: string): boolean {
  return /^BOOL(EAN)?$/i.test(type.trim());
}

/** DATE, TIME, TIMESTAMP[ WITH TIME ZONE], TIMESTAMP_NS…: ISO text, whose code-unit order is time order. */
export function isTemporalType(column: ResultColumn): boolean {
  return column.is_dttm || /^(DATE|TIME|TIMESTAMP)/i.test(column.type.trim());
}

export function cellKind(value: Cell | undefined): CellKind {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object') return 'json';
  return 'text';
}

/** The full text of a value, as copied and exported: NULL is empty, structs and lists compact JSON. */
export function cellText(value: Cell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What a cell shows: one line (line breaks as ↵), cut at DISPLAY_CHARS. NULL is drawn by the cell itself. */
export function displayText(value: Cell | undefined): string {
  const text = cellText(value);
  const cut = text.length > DISPLAY_CHARS ? `${text.slice(0, DISPLAY_CHARS)}…` : text;
  return cut.includes('\n') || cut.includes('\r') ? cut.replace(/\r\n|\r|\n/g, '↵') : cut;
}

/** Printable ASCII only: one monospace advance per character, whatever the fallback font. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * Whether `text` may not fit a cell `width` px wide (so the cell must clip it): anything but printable
 * ASCII, or more characters than the room left by the paddings holds at `charWidth` (a little wider
 * than the monospace fonts of the stack), the rule the estimated widths are made with.
 */
export function mayOverflow(text: string, width: number, metrics: WidthMetrics = METRICS): boolean {
  return text.length * metrics.charWidth > width - metrics.padding || !PLAIN_ASCII.test(text);
}

/** Values of a numeric column are right-aligned, so are numbers anywhere (BIGINTs past 2^53 arrive as strings). */
export function alignRight(column: ResultColumn, value: Cell | undefined): boolean {
  return typeof value === 'number' || isNumericType(column.type);
}

/** Up to `count` rows spread evenly over the result (first and middle and last, not just the head). */
export function sampleRows(rows: Row[], count: number): Row[] {
  if (rows.length <= count) return rows;
  const step = rows.length / count;
  return Array.from({ length: count }, (_, i) => rows[Math.floor(i * step)]);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Initial widths from the header name and the longest value of a sample of rows (text length × char
 * width); numbers as their column shows them, with `decimals[i]` decimals (see numberFormat.ts).
 */
export function estimateColumnWidths(columns: ResultColumn[], rows: Row[], metrics: WidthMetrics = METRICS, decimals: readonly (number | null)[] = []): number[] {
  const sample = sampleRows(rows, metrics.sample);
  // Values longer than the cap could only reach `max`; measuring them further is wasted work.
  const capChars = Math.ceil(metrics.max / metrics.charWidth);
  return columns.map((column, i) => {
    const fixed = decimals[i] ?? null;
    const header = column.name.length * metrics.headerCharWidth + metrics.headerExtra;
    let chars = 4; // 'NULL'
    for (const row of sample) {
      const value = row[column.name];
      const length =
        typeof value === 'object' && value !== null ? capChars : typeof value === 'number' && fixed !== null ? value.toFixed(fixed).length : cellText(value).length;
      if (length > chars) chars = Math.min(length, capChars);
    }
    return Math.ceil(clamp(Math.max(header, chars * metrics.charWidth) + metrics.padding, metrics.min, metrics.max));
  });
}

/** Double-click auto-fit: the widest of the header and the rendered cells (measured in px), within min…fitMax. */
export function fitColumnWidth(headerPx: number, cellPxs: number[], metrics: WidthMetrics = METRICS): number {
  const widest = Math.max(headerPx + metrics.headerExtra, ...cellPxs, 0);
  return Math.ceil(clamp(widest + metrics.padding, metrics.min, metrics.fitMax));
}

/** The sticky row-number column is as wide as the largest number needs. */
export function rowNumberWidth(rowCount: number): number {
  return Math.max(44, String(Math.max(rowCount, 1)).length * 8 + 22);
}

/** Each column's left edge in the canvas (after the row-number column), for scrolling a cell into view. */
export function columnStarts(widths: number[], offset: number): number[] {
  const starts: number[] = [];
  let x = offset;
  for (const width of widths) {
    starts.push(x);
    x += width;
  }
  return starts;
}

/**
 * The scroll offset that shows the item [start, start + size) in a viewport of `viewSize` at `scroll`,
 * whose first `stickyBefore` px are covered by a sticky header (or row-number column); unchanged when visible.
 */
export function revealOffset(start: number, size: number, scroll: number, viewSize: number, stickyBefore: number): number {
  if (start - stickyBefore < scroll) return Math.max(0, start - stickyBefore);
  if (start + size > scroll + viewSize) return Math.min(start - stickyBefore, start + size - viewSize);
  return scroll;
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/** "1 row", "1,000 rows", "100,000 rows (limited)". */
export function formatRowCount(count: number, limited: boolean): string {
  return `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}${limited ? ' (limited)' : ''}`;
}

/** "0.42 s", "12.30 s", "1 m 3 s", "2 h 0 m 5 s"; empty when unknown. */
export function formatElapsed(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h} h ${m} m ${s} s` : `${m} m ${s} s`;
}
