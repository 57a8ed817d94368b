import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTypingPause } from '../hooks/useTypingPause';
import { useSearchParams } from 'react-router-dom';
import type { PageMeta } from '../hooks/usePageMeta';
import { useSetSearch } from '../routing/useSetSearch';

/** The search box: its own text while typing, `q` in the URL once typing pauses (Enter writes it at once). */
function SearchBox({ placeholder }: { placeholder: string }) {
  const [params] = useSearchParams();
  const setSearch = useSetSearch();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  // A URL changed elsewhere (Back, a link, a cleared filter) puts its q in the box; the box's own
  // write arriving does not, so it never undoes what was typed since (state adjusted during render).
  const [seen, setSeen] = useState(query);
  const [sent, setSent] = useState(query);
  if (seen !== query) {
    setSeen(query);
    if (query !== sent) setText(query);
  }
  const write = (q: string) => {
    setSent(q);
    setSearch(
      (now) => {
        if (q) now.set('q', q);
        else now.delete('q');
        return now;
      },
      { replace: true },
    );
  };
  useTypingPause(text, (typed) => typed !== query && write(typed));
  return (
    <label className="page-search">
      <Search size={16} aria-hidden="true" />
      <input
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && write(text)}
      />
    </label>
  );
}

/** Title, description and the optional search box a route asks for in its handle. */
export function PageHeader({ meta }: { meta: PageMeta | undefined }) {
  if (!meta || meta.ownHeading) return null;
  return (
    <div className="page-header">
      <div className="page-heading">
        <h1>{meta.title}</h1>
        {meta.description && <p className="page-description">{meta.description}</p>}
      </div>
      {meta.search && <SearchBox placeholder={meta.search.placeholder} />}
    </div>
  );
}
