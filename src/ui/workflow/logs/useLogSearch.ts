import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { LogIndex, LogLevel } from '../../../model/workflow/logLines';
import { firstMatchFrom, searchLog, stepMatch, type LogMatch, type SearchOptions } from '../../../model/workflow/logSearch';

/** Where the reader is in the matches of one search (`key`): an index, or -1 for "the first at or after fromLine". */
interface Cursor {
  key: string;
  index: number;
  fromLine: number;
}

export interface LogSearch {
  query: string;
  setQuery: (query: string, topLine: number) => void;
  options: SearchOptions;
  setOptions: (options: SearchOptions, topLine: number) => void;
  /** Call when the lines searched change for another reason (the level filter). */
  restart: (levels: ReadonlySet<LogLevel>, topLine: number) => void;
  matches: readonly LogMatch[];
  count: number | null;
  capped: boolean;
  error: string | null;
  current: number;
  step: (step: 1 | -1) => void;
}

const searchKey = (query: string, options: SearchOptions, levels: ReadonlySet<LogLevel>) =>
  `${query}\u0000${options.caseSensitive}${options.regex}\u0000${[...levels].sort().join()}`;

const NONE: LogMatch[] = [];

/**
 * The search state of the log viewer: the query is searched deferred (typing stays responsive on
 * 100,000 lines), over every line shown, and a new search starts at the first match at or after the
 * top line in view. `onGoTo` is called when the reader moves to a match (it scrolls there); a log
 * that grows keeps the reader where they are.
 */
export function useLogSearch(index: LogIndex, lines: readonly number[] | null, levels: ReadonlySet<LogLevel>, onGoTo: (match: LogMatch) => void): LogSearch {
  const [query, setQueryState] = useState('');
  const [options, setOptionsState] = useState<SearchOptions>({ caseSensitive: false, regex: false });
  const [cursor, setCursor] = useState<Cursor>({ key: '', index: -1, fromLine: 0 });
  const deferred = useDeferredValue(query);
  const result = useMemo(() => (deferred === '' ? null : searchLog(index, deferred, options, lines)), [index, deferred, options, lines]);
  const resultKey = searchKey(deferred, options, levels);
  const matches = result?.ok ? result.matches : NONE;
  const settled = cursor.key === resultKey;
  let current = -1;
  if (settled && matches.length > 0) current = cursor.index >= 0 ? Math.min(cursor.index, matches.length - 1) : firstMatchFrom(matches, cursor.fromLine);
  const target = current >= 0 ? matches[current] : null;

  useEffect(() => {
    if (target) onGoTo(target);
    // Only a move by the reader (a new cursor) or the search catching up scrolls; new matches from a growing log do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cursor, settled]);

  return {
    query,
    setQuery: (next, topLine) => {
      setQueryState(next);
      setCursor({ key: searchKey(next, options, levels), index: -1, fromLine: topLine });
    },
    options,
    setOptions: (next, topLine) => {
      setOptionsState(next);
      setCursor({ key: searchKey(query, next, levels), index: -1, fromLine: topLine });
    },
    restart: (nextLevels, topLine) => setCursor({ key: searchKey(query, options, nextLevels), index: -1, fromLine: topLine }),
    matches,
    count: result === null ? null : matches.length,
    capped: result?.ok === true && result.capped,
    error: result !== null && !result.ok ? result.error : null,
    current,
    step: (step) => setCursor({ key: resultKey, index: stepMatch(current, step, matches.length), fromLine: 0 }),
  };
}
