import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import type { MenuEntry } from '../menu/menu';

/** The honest page for an area whose screens are not built yet. */
export function PlaceholderPage({ entry }: { entry: MenuEntry }) {
  const unavailable = entry.status === 'unavailable';
  return (
    <div className="empty-state" data-testid="empty-state">
      <span className="empty-icon">
        <Icon name={entry.icon} size={32} />
      </span>
      <h2>{unavailable ? `${entry.label} is not available yet` : `${entry.label} is not built yet`}</h2>
      <p className="muted">
        {unavailable
          ? `This console does not offer ${entry.label} yet. Nothing is hidden here: the page exists so the menu does not lead to an error.`
          : `${entry.description}: this area of the console is still being built and has no screens in this version.`}
      </p>
      <Link className="button" to="/admin/default">
        Back to home
      </Link>
    </div>
  );
}
