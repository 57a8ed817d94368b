import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { LOG_LEVELS, lineCount, plainText, visibleLines, type LogIndex, type LogLevel } from '../../../model/workflow/logLines';
import type { LogMatch } from '../../../model/workflow/logSearch';
import { copyText, downloadFile, downloadFrom, textBlob } from '../../components/fileActions';
import { logFileName } from './logActions';
import { LogLines, rowOf, type LogLinesProps } from './LogLines';
import type { ViewportSize, VirtualRows } from '../../components/useVirtualRows';
import { LogSearchBox } from './LogSearchBox';
import { LogToolbar } from './LogToolbar';
import { useLogIndex } from './useLogIndex';
import { useLogSearch, type LogSearch } from './useLogSearch';
import './logViewer.css';

export interface LogViewerProps {
  /** The log read so far. When it grows (a running task), only the new part is split into lines. */
  text: string;
  /** Base of the downloaded file's name: `<fileName>.log`. */
  fileName: string;
  /** The try is still running: more text may come, the empty state says "No log lines yet". */
  running: boolean;
  /** Keep the end in view as text arrives. The viewer calls onFollowChange(false) when the reader scrolls up or goes to a match. */
  following: boolean;
  onFollowChange: (following: boolean) => void;
  /** The first chunk is still on its way. */
  loading?: boolean;
  /** Reading the log failed before any of it came (the page says why): no "wrote no log". */
  unread?: boolean;
  /** More of a finished log can be read after the text; "Load more" (and scrolling near the end) calls onLoadMore. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** The text is a window of a long log starting at this line (0-based); "Load earlier" calls onLoadEarlier. */
  firstLine?: number;
  onLoadEarlier?: () => void;
  /** Where the whole log downloads from when the text is not all of it (the server streams it). */
  downloadUrl?: string;
  /** The region's accessible name, e.g. "Log of extract, try 2". */
  label?: string;
  /** Size before the first measurement (server rendering, tests). */
  initialSize?: ViewportSize;
}

const ALL_LEVELS: ReadonlySet<LogLevel> = new Set(LOG_LEVELS);
const COPIED_MS = 2000;

/** A "Copied" state that clears itself after a moment. */
function useCopied(): [boolean, (copied: boolean) => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, setCopied];
}

interface FooterProps {
  total: number;
  shown: number | null;
  running: boolean;
  following: boolean;
  firstLine: number;
  /** Only part of the log is loaded: the footer says which lines, and that search covers only them. */
  partial: boolean;
  loading: boolean;
  onLoadMore?: () => void;
  onLoadEarlier?: () => void;
}

const count = (n: number) => n.toLocaleString('en-US');

function linesText(total: number, firstLine: number, partial: boolean, loading: boolean): string {
  if (loading && total === 0) return 'Loading…';
  if (partial) return `Lines ${count(firstLine + 1)}–${count(firstLine + total)} of a longer log, searched as loaded`;
  return `${count(total)} ${total === 1 ? 'line' : 'lines'}`;
}

function LogFooter({ total, shown, running, following, firstLine, partial, loading, onLoadMore, onLoadEarlier }: FooterProps) {
  return (
    <div className="lv-footer">
      <span>
        {linesText(total, firstLine, partial, loading)}
        {shown !== null && ` · ${count(shown)} shown`}
      </span>
      {running && <span className="lv-live">{following ? 'Following' : 'Running'}</span>}
      <span className="lv-footer-actions">
        {onLoadEarlier && (
          <button type="button" className="lv-button" onClick={onLoadEarlier}>
            Load earlier
          </button>
        )}
        {onLoadMore && (
          <button type="button" className="lv-button" onClick={onLoadMore}>
            Load more
          </button>
        )}
      </span>
    </div>
  );
}

function countLevels(index: LogIndex): Record<LogLevel, number> {
  const counts: Record<LogLevel, number> = { ERROR: 0, WARNING: 0, INFO: 0, DEBUG: 0 };
  for (let i = 0; i < index.count; i++) counts[index.levels[i]]++;
  return counts;
}

function emptyMessage(loading: boolean, running: boolean, unread: boolean): string {
  if (loading) return 'Loading the log…';
  if (unread) return 'Nothing of this log could be read yet';
  return running ? 'No log lines yet' : 'This try wrote no log';
}

/** The lines shown (the level filter), the search over them, and the scroll position both move. */
function useLogView(index: LogIndex, following: boolean, onFollowChange: (following: boolean) => void) {
  const [levels, setLevels] = useState<ReadonlySet<LogLevel>>(ALL_LEVELS);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizerRef = useRef<VirtualRows | null>(null);
  const lines = useMemo(() => visibleLines(index, levels), [index, levels]);
  const rowCount = lines ? lines.length : lineCount(index);

  const goTo = useCallback(
    (match: LogMatch) => {
      if (following) onFollowChange(false);
      virtualizerRef.current?.scrollToIndex(rowOf(lines, match.line), { align: 'center' });
      // Once the row is rendered, bring the match itself into view sideways (long unwrapped lines).
      requestAnimationFrame(() => scrollRef.current?.querySelector('.lv-mark-current')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    },
    [following, onFollowChange, lines],
  );
  const search = useLogSearch(index, lines, levels, goTo);
  const topLine = () => {
    const first = virtualizerRef.current?.getVirtualItems()[0]?.index ?? 0;
    return lines ? (lines[first] ?? 0) : first;
  };

  const toggleLevel = (level: LogLevel) => {
    const next = new Set(levels);
    if (next.has(level)) next.delete(level);
    else next.add(level);
    setLevels(next);
    search.restart(next, topLine());
  };
  return { levels, toggleLevel, lines, rowCount, search, topLine, scrollRef, virtualizerRef };
}

/** The browser's own find sees only the rendered lines; Ctrl+F goes to this one, which searches them all. */
function findInLog(event: KeyboardEvent, searchRef: RefObject<HTMLInputElement | null>) {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
    event.preventDefault();
    searchRef.current?.focus();
    searchRef.current?.select();
  }
}

/** The search box over the log's search; a new search starts from the top line in view. */
function SearchBox({ search, topLine, inputRef }: { search: LogSearch; topLine: () => number; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <LogSearchBox
      inputRef={inputRef}
      query={search.query}
      onQuery={(q) => search.setQuery(q, topLine())}
      options={search.options}
      onOptions={(o) => search.setOptions(o, topLine())}
      count={search.count}
      current={search.current}
      capped={search.capped}
      error={search.error}
      onStep={search.step}
    />
  );
}

/** The lines, or why there are none. */
function LogBody({ empty, emptyText, ...lines }: { empty: boolean; emptyText: string } & LogLinesProps) {
  if (empty) {
    return (
      <div className="lv-empty" role="status">
        {emptyText}
      </div>
    );
  }
  return (
    <>
      {lines.rowCount === 0 && <div className="lv-empty lv-empty-filter">No lines at the selected levels</div>}
      <LogLines {...lines} />
    </>
  );
}

/**
 * A task try's log: virtualized lines with numbers and ANSI colours, search over every line, level
 * filter, wrap, follow-tail, copy and download. Presentational: the page reads the log and passes it in.
 */
export function LogViewer(props: LogViewerProps) {
  const { text, fileName, running, following, onFollowChange, loading = false, unread = false, hasMore = false, onLoadMore, firstLine = 0, onLoadEarlier, downloadUrl, label = 'Log lines', initialSize } = props;
  const index = useLogIndex(text);
  const [wrap, setWrap] = useState(false);
  const [copied, setCopied] = useCopied();
  const searchRef = useRef<HTMLInputElement>(null);
  const { levels, toggleLevel, lines, rowCount, search, topLine, scrollRef, virtualizerRef } = useLogView(index, following, onFollowChange);
  const levelCounts = useMemo(() => countLevels(index), [index]);
  const total = lineCount(index);
  const empty = total === 0;

  return (
    <div className="lv" onKeyDown={(event) => findInLog(event, searchRef)}>
      <div className="lv-toolbar">
        <SearchBox search={search} topLine={topLine} inputRef={searchRef} />
        <LogToolbar
          levels={levels}
          levelCounts={levelCounts}
          onToggleLevel={toggleLevel}
          wrap={wrap}
          onWrap={setWrap}
          following={following}
          onFollow={onFollowChange}
          copied={copied}
          onCopy={() => void copyText(plainText(index), 'The whole log').then(setCopied)}
          onDownload={() => (downloadUrl ? downloadFrom(downloadUrl) : downloadFile(textBlob(text), logFileName(fileName)))}
          empty={empty}
        />
      </div>
      <LogBody
        empty={empty}
        emptyText={emptyMessage(loading, running, unread)}
        index={index}
        lines={lines}
        rowCount={rowCount}
        matches={search.matches}
        current={search.current}
        wrap={wrap}
        following={following}
        onUserScrollUp={() => onFollowChange(false)}
        scrollRef={scrollRef}
        virtualizerRef={virtualizerRef}
        initialSize={initialSize}
        label={label}
        firstLine={firstLine}
        onNearEnd={hasMore ? onLoadMore : undefined}
      />
      <LogFooter
        total={total}
        shown={lines ? rowCount : null}
        running={running}
        following={following}
        firstLine={firstLine}
        partial={hasMore || firstLine > 0}
        loading={loading}
        onLoadMore={hasMore ? onLoadMore : undefined}
        onLoadEarlier={firstLine > 0 ? onLoadEarlier : undefined}
      />
    </div>
  );
}
