import { formatDistanceToNowStrict } from 'date-fns';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { Loading } from '../components/Loading';
import { useAuth } from '../hooks/useAuth';
import { useRecentItems } from '../hooks/useRecentItems';
import { allEntries, type IconKey } from '../menu/menu';
import { useSqlLab } from '../sql/useSqlLab';
import type { RecentItem, RecentKind } from './recentItems';

const SECTIONS: { kind: RecentKind; title: string; icon: IconKey }[] = [
  { kind: 'table', title: 'Tables', icon: 'database' },
  { kind: 'query', title: 'Queries', icon: 'terminal' },
  { kind: 'notebook', title: 'Notebooks', icon: 'notebook' },
  { kind: 'page', title: 'Pages', icon: 'file' },
];

/** A page shows its menu entry's icon; other items their section's. */
function iconOf(item: RecentItem, fallback: IconKey): IconKey {
  return item.kind === 'page' ? (allEntries().find((e) => `/admin/${e.path}` === item.to)?.icon ?? fallback) : fallback;
}

/** /admin/recent: the tables, SQL tabs, notebooks and pages opened lately, each a link that opens it again. */
export function RecentPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const items = useRecentItems(user?.username, isAdmin);
  if (!items) return <Loading />;
  const sections = SECTIONS.filter((s) => items[s.kind].length > 0);
  if (sections.length === 0) return <NothingYet />;
  return (
    <div className="recent-page">
      {sections.map((section) => (
        <section key={section.kind} className="card recent-section" aria-labelledby={`recent-${section.kind}`}>
          <h2 id={`recent-${section.kind}`}>{section.title}</h2>
          <ul className="recent-items">
            {items[section.kind].map((item) => (
              <li key={item.key}>
                <Icon name={iconOf(item, section.icon)} size={16} />
                {item.tabId ? <QueryLink item={item} tabId={item.tabId} /> : <Link to={item.to}>{item.label}</Link>}
                <span className="muted recent-hint">{item.hint}</span>
                <time className="muted recent-time" dateTime={new Date(item.at).toISOString()}>
                  {formatDistanceToNowStrict(item.at, { addSuffix: true })}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A SQL tab: brought to the front, then the editor opens on it. */
function QueryLink({ item, tabId }: { item: RecentItem; tabId: string }) {
  const lab = useSqlLab();
  const navigate = useNavigate();
  const open = (event: MouseEvent) => {
    if (!lab) return; // not loaded yet: the plain link still opens the editor
    event.preventDefault();
    void lab.tabs.activate(tabId).then(() => navigate(item.to));
  };
  return (
    <Link to={item.to} onClick={open}>
      {item.label}
    </Link>
  );
}

function NothingYet() {
  return (
    <div className="empty-state" data-testid="recent-empty">
      <span className="empty-icon">
        <Icon name="clock" size={32} />
      </span>
      <h2>Nothing opened yet</h2>
      <p className="muted">Tables you open in the Catalog, your SQL tabs, the notebooks you create and the pages you visit show here.</p>
      <Link className="button" to="/admin/catalog">
        Browse the catalog
      </Link>
    </div>
  );
}
