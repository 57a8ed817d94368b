import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { PageMeta } from '../hooks/usePageMeta';

/** Title, description and the optional search box a route asks for in its handle. */
export function PageHeader({ meta }: { meta: PageMeta | undefined }) {
  const [params, setParams] = useSearchParams();
  if (!meta) return null;
  const query = params.get('q') ?? '';
  const setQuery = (q: string) => {
    const next = new URLSearchParams(params);
    if (q) next.set('q', q);
    else next.delete('q');
    setParams(next, { replace: true });
  };
  return (
    <div className="page-header">
      <div className="page-heading">
        <h1>{meta.title}</h1>
        {meta.description && <p className="page-description">{meta.description}</p>}
      </div>
      {meta.search && (
        <label className="page-search">
          <Search size={16} aria-hidden="true" />
          <input
            type="search"
            aria-label={meta.search.placeholder}
            placeholder={meta.search.placeholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      )}
    </div>
  );
}
