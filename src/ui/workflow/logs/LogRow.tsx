import { memo, type ReactNode } from 'react';
import type { LogLevel } from '../../../model/workflow/logLines';
import { ansiLineHtml, type Mark } from './lineHtml';

export interface LogRowProps {
  /** 0-based line of the text shown; shown 1-based in the gutter, after `first`. */
  line: number;
  /** The shown text's first line in the whole log (a window of a long log), 0-based. */
  first: number;
  raw: string;
  plain: string;
  level: LogLevel;
  marks: readonly Mark[];
  /** Index of the row for the virtualizer's measuring (wrapped lines have their own heights). */
  row: number;
  top: number;
  measure?: (el: HTMLElement | null) => void;
}

function plainWithMarks(text: string, marks: readonly Mark[]): ReactNode {
  if (marks.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.start > at) parts.push(text.slice(at, mark.start));
    parts.push(
      <mark key={mark.start} className={mark.current ? 'lv-mark lv-mark-current' : 'lv-mark'}>
        {text.slice(mark.start, mark.end)}
      </mark>,
    );
    at = mark.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

const LEVEL_CLASS: Record<LogLevel, string> = { ERROR: ' lv-error', WARNING: ' lv-warning', INFO: '', DEBUG: ' lv-debug' };

/**
 * One log line: its number in a gutter the selection skips (user-select: none, so copying lines
 * copies no numbers), then its text. Lines without ANSI codes are plain React text; only lines
 * with codes go through ansi_up, and only when on screen.
 */
export const LogRow = memo(function LogRow({ line, first, raw, plain, level, marks, row, top, measure }: LogRowProps) {
  const coloured = raw.includes('\x1b');
  return (
    <div ref={measure} data-index={row} className={`lv-row${LEVEL_CLASS[level]}`} style={{ transform: `translateY(${top}px)` }}>
      <span className="lv-num" aria-hidden="true">
        {first + line + 1}
      </span>
      {coloured ? (
        <span className="lv-text" dangerouslySetInnerHTML={{ __html: ansiLineHtml(raw, marks) }} />
      ) : (
        <span className="lv-text">{plainWithMarks(plain, marks)}</span>
      )}
    </div>
  );
});
