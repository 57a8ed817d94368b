import { CaseSensitive, ChevronDown, ChevronUp, Regex, Search } from 'lucide-react';
import type { RefObject } from 'react';
import type { SearchOptions } from '../../../model/workflow/logSearch';
import { IconToggle } from './IconToggle';

export interface LogSearchBoxProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  options: SearchOptions;
  onOptions: (options: SearchOptions) => void;
  /** Matches found (null while nothing is searched), the one shown (-1: none), and whether the count stopped at the cap. */
  count: number | null;
  current: number;
  capped: boolean;
  error: string | null;
  onStep: (step: 1 | -1) => void;
}

function status(count: number | null, current: number, capped: boolean, error: string | null): string {
  if (error) return 'Invalid regex';
  if (count === null) return '';
  if (count === 0) return 'No matches';
  const total = `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return current < 0 ? `${total} matches` : `${(current + 1).toLocaleString('en-US')} of ${total}`;
}

/** Search over the whole log: Enter / Shift+Enter or the arrows step through the matches; Escape clears. */
export function LogSearchBox({ inputRef, query, onQuery, options, onOptions, count, current, capped, error, onStep }: LogSearchBoxProps) {
  const said = status(count, current, capped, error);
  const none = !count;
  return (
    <div className={`lv-search${error ? ' lv-search-error' : ''}`} role="search">
      <Search size={15} aria-hidden="true" className="lv-search-icon" />
      <input
        ref={inputRef}
        type="search"
        className="lv-search-input"
        placeholder="Search the log"
        aria-label="Search the log"
        aria-invalid={error ? true : undefined}
        title={error ?? undefined}
        value={query}
        spellCheck={false}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onStep(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape' && query !== '') {
            event.preventDefault();
            onQuery('');
          }
        }}
      />
      <span className="lv-search-status" role="status" aria-live="polite">
        {said}
      </span>
      <button type="button" className="lv-icon" aria-label="Previous match" title="Previous match (Shift+Enter)" disabled={none} onClick={() => onStep(-1)}>
        <ChevronUp size={16} aria-hidden="true" />
      </button>
      <button type="button" className="lv-icon" aria-label="Next match" title="Next match (Enter)" disabled={none} onClick={() => onStep(1)}>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      <IconToggle label="Match case" pressed={options.caseSensitive} onToggle={(caseSensitive) => onOptions({ ...options, caseSensitive })}>
        <CaseSensitive size={17} aria-hidden="true" />
      </IconToggle>
      <IconToggle label="Regular expression" pressed={options.regex} onToggle={(regex) => onOptions({ ...options, regex })}>
        <Regex size={16} aria-hidden="true" />
      </IconToggle>
    </div>
  );
}
