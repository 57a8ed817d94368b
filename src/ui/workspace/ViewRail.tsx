import { FolderTree, Star, Trash2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { View } from './workspaceFilters';

const VIEWS: { view: View; label: string; icon: typeof Star }[] = [
  { view: 'all', label: 'All files', icon: FolderTree },
  { view: 'favourites', label: 'Favourites', icon: Star },
  { view: 'trash', label: 'Trash', icon: Trash2 },
];

/** All files, Favourites, Trash: a rail at the side (tabs above the list on narrow screens), kept in ?view=. */
export function ViewRail({ view }: { view: View }) {
  const [params] = useSearchParams();
  const linkTo = (next: View) => {
    const search = new URLSearchParams(params);
    if (next === 'all') search.delete('view');
    else search.set('view', next);
    const text = search.toString();
    return `/admin/workspace${text ? `?${text}` : ''}`;
  };
  return (
    <nav className="view-rail" aria-label="Views">
      {VIEWS.map(({ view: each, label, icon: Icon }) => (
        <Link key={each} to={linkTo(each)} className="view-link" aria-current={each === view ? 'page' : undefined}>
          <Icon size={16} aria-hidden="true" /> <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}
