import { Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTypingPause } from '../hooks/useTypingPause';

interface Props {
  /** Called with the text once typing pauses (Enter at once). */
  onSearch: (text: string) => void;
}

/**
 * The catalog's search box: it keeps its own text while typing and hands it to the page once
 * typing pauses, as the workspace's search box does. Searching 100,000 names and redrawing the
 * page costs more than a frame, so a keystroke alone redraws only the box.
 */
export function CatalogSearch({ onSearch }: Props) {
  const [text, setText] = useState('');
  // The last text handed over: a timer that fires after Enter does not hand it over again.
  const sent = useRef('');
  const write = (value: string) => {
    if (value === sent.current) return;
    sent.current = value;
    onSearch(value);
  };
  useTypingPause(text, write);
  return (
    <label className="catalog-search">
      <Search size={15} aria-hidden="true" />
      <input
        type="search"
        placeholder="Search catalogs, schemas, tables, columns"
        aria-label="Search the catalog"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && write(text)}
      />
    </label>
  );
}
