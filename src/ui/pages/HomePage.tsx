import { Link, useSearchParams } from 'react-router-dom';
import { formatDistanceToNow } from 'date-fns';
import { Icon } from '../components/Icon';
import { useAuth } from '../hooks/useAuth';
import { useRecentVisits } from '../hooks/useRecentVisits';
import { newItemsFor } from '../layout/newItems';
import { menu, visibleMenu, type MenuEntry } from '../menu/menu';
import { visitItem } from './recentItems';

const statusText: Record<MenuEntry['status'], string | null> = {
  page: null,
  area: 'In development',
  unavailable: 'Not available yet',
};

function matches(entry: { label: string; description: string }, query: string) {
  const q = query.trim().toLowerCase();
  return !q || entry.label.toLowerCase().includes(q) || entry.description.toLowerCase().includes(q);
}

export function HomePage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  // Home itself is no recent item: a new user's only visit must still get the empty text.
  const recent = useRecentVisits(user?.username)?.filter((v) => v.path !== '/admin/default');
  const shortcuts = visibleMenu(menu, user?.role)
    .flatMap((s) => s.entries)
    .filter((e) => e.kind !== 'button' && matches(e, query));

  return (
    <div className="home">
      <p className="home-greeting">Welcome back, {user?.firstName}.</p>
      <section aria-labelledby="create-heading" className="home-section">
        <h2 id="create-heading">Create</h2>
        <div className="chip-row">
          {newItemsFor(user?.role).map((item) => (
            <Link key={item.label} to={item.to} className="chip">
              <Icon name={item.icon} size={16} /> {item.action}
            </Link>
          ))}
        </div>
      </section>
      <section aria-labelledby="recent-heading" className="home-section">
        <h2 id="recent-heading">Recent</h2>
        {recent && recent.length > 0 ? (
          <ul className="recent-list">
            {recent.map((v) => (
              <li key={v.path}>
                <Link to={v.path}>{visitItem(v).label}</Link>
                <span className="muted">{formatDistanceToNow(v.visitedAt, { addSuffix: true })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Pages, notebooks and queries you open will show here.</p>
        )}
      </section>
      <section aria-labelledby="shortcuts-heading" className="home-section">
        <h2 id="shortcuts-heading">Shortcuts</h2>
        {shortcuts.length === 0 && <p className="muted">No shortcut matches “{query}”.</p>}
        <div className="card-grid">
          {shortcuts.map((entry) => (
            <Link key={entry.id} to={`/admin/${entry.path}`} className="card shortcut">
              <span className="shortcut-icon">
                <Icon name={entry.icon} size={20} />
              </span>
              <span className="shortcut-text">
                <span className="shortcut-title">
                  <strong>{entry.label}</strong>
                  {statusText[entry.status] && <span className="badge">{statusText[entry.status]}</span>}
                </span>
                <span className="muted">{entry.description}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
