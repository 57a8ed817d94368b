import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import { lineLevel, plainLine, rawLine, type LogIndex } from '../../../model/workflow/logLines';
import { matchesInLine, type LogMatch } from '../../../model/workflow/logSearch';
import type { Mark } from './lineHtml';
import { LogRow } from './LogRow';
import { useVirtualRows, type ViewportSize, type VirtualRows } from '../../components/useVirtualRows';

/** Matches .lv-row's height in logViewer.css (an unwrapped line). */
export const LINE_HEIGHT = 20;

export interface LogLinesProps {
  index: LogIndex;
  /** Lines shown (0-based, of the whole log), or null for all. */
  lines: readonly number[] | null;
  rowCount: number;
  matches: readonly LogMatch[];
  current: number;
  wrap: boolean;
  following: boolean;
  onUserScrollUp: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizerRef: RefObject<VirtualRows | null>;
  initialSize?: ViewportSize;
  label: string;
  /** The text's first line in the whole log (a window of a long log), 0-based. */
  firstLine: number;
  /** Called when the reader has scrolled near the last loaded line (to load more). */
  onNearEnd?: () => void;
}

/** Rows from the last loaded line at which more is asked for. */
const NEAR_END_ROWS = 200;

const NO_MARKS: Mark[] = [];

function marksOf(matches: readonly LogMatch[], current: number, line: number): Mark[] {
  if (matches.length === 0) return NO_MARKS;
  const found = matchesInLine(matches, line);
  if (found.length === 0) return NO_MARKS;
  const active = current >= 0 ? matches[current] : null;
  return found.map((m) => ({ start: m.start, end: m.end, current: m === active }));
}

/** Keeps the end in view while following; a scroll upwards by the reader stops following. */
function useFollow(scrollRef: RefObject<HTMLDivElement | null>, following: boolean, rowCount: number, onUserScrollUp: () => void) {
  const lastTop = useRef(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!following || !el) return;
    el.scrollTop = el.scrollHeight;
    lastTop.current = el.scrollTop;
  }, [scrollRef, following, rowCount]);
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 4;
    // Only the reader scrolls up: following moves down, to the end.
    if (following && el.scrollTop < lastTop.current - 1 && !atEnd) onUserScrollUp();
    lastTop.current = el.scrollTop;
  }, [scrollRef, following, onUserScrollUp]);
  const onWheel = useCallback((event: React.WheelEvent) => {
    if (following && event.deltaY < 0) onUserScrollUp();
  }, [following, onUserScrollUp]);
  return { onScroll, onWheel };
}

/** The row (position among the shown lines) of a line, by binary search in the shown lines. */
export function rowOf(lines: readonly number[] | null, line: number): number {
  if (!lines) return line;
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid] < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Keeps the reader on the same log line when the window of a long log moves (its top let go as
 * more loads, or earlier lines read back): else the scroll would show other lines, and the new
 * end, which would load on again.
 */
function useWindowAnchor(scrollRef: RefObject<HTMLDivElement | null>, firstLine: number, lines: readonly number[] | null) {
  const before = useRef({ firstLine, lines });
  useLayoutEffect(() => {
    const prev = before.current;
    before.current = { firstLine, lines };
    const el = scrollRef.current;
    if (prev.firstLine === firstLine || !el) return;
    const row = Math.floor(el.scrollTop / LINE_HEIGHT);
    const line = (prev.lines ? (prev.lines[row] ?? row) : row) + prev.firstLine - firstLine;
    el.scrollTop = rowOf(lines, Math.max(0, line)) * LINE_HEIGHT + (el.scrollTop % LINE_HEIGHT);
  }, [scrollRef, firstLine, lines]);
}

/** The virtualized lines: only the rows in view (and a few more) are in the DOM, at 100,000 lines too. */
export function LogLines(props: LogLinesProps) {
  const { index, lines, rowCount, matches, current, wrap, following, onUserScrollUp, scrollRef, virtualizerRef, initialSize, label, firstLine, onNearEnd } = props;
  const virtualizer = useVirtualRows(scrollRef, { count: rowCount, size: LINE_HEIGHT, overscan: 5, initialSize });
  useLayoutEffect(() => {
    virtualizerRef.current = virtualizer;
  }, [virtualizerRef, virtualizer]);
  // Wrapped lines take their measured heights; switching back forgets them.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, wrap]);
  const { onScroll, onWheel } = useFollow(scrollRef, following, rowCount, onUserScrollUp);
  const digits = String(Math.max(1, firstLine + index.count + 1)).length;
  useWindowAnchor(scrollRef, firstLine, lines);
  const items = virtualizer.getVirtualItems();
  const nearEnd = rowCount > 0 && (items.at(-1)?.index ?? 0) >= rowCount - NEAR_END_ROWS;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    // Measured again after the anchor moved the scroll: what was near the old end may not be now.
    if (nearEnd && el && el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_END_ROWS * LINE_HEIGHT) onNearEnd?.();
  }, [nearEnd, onNearEnd, scrollRef, firstLine]);
  const width = wrap ? undefined : `calc(${index.maxLength + 2}ch + ${digits + 3}ch)`;
  return (
    <div
      ref={scrollRef}
      className={`lv-scroll${wrap ? ' lv-wrap' : ''}`}
      style={{ '--lv-gutter': `${digits + 2}ch` } as React.CSSProperties}
      role="region"
      aria-label={label}
      tabIndex={0}
      onScroll={onScroll}
      onWheel={onWheel}
    >
      <div className="lv-canvas" style={{ height: virtualizer.getTotalSize(), minWidth: width }}>
        {items.map((item) => {
          const line = lines ? lines[item.index] : item.index;
          return (
            <LogRow
              key={line}
              line={line}
              first={firstLine}
              row={item.index}
              top={item.start}
              raw={rawLine(index, line)}
              plain={plainLine(index, line)}
              level={lineLevel(index, line)}
              marks={marksOf(matches, current, line)}
              measure={wrap ? virtualizer.measureElement : undefined}
            />
          );
        })}
      </div>
    </div>
  );
}
