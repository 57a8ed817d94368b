import { memo } from 'react';
import { NavLink } from 'react-router-dom';
import type { Role } from '../../sync/api/types';
import { Icon } from '../components/Icon';
import { menu, visibleMenu } from '../menu/menu';
import { NewMenu } from './NewMenu';

interface Props {
  open: boolean;
  role: Role | undefined;
  onNavigate: () => void;
}

/** Memoised: a search typed into the page re-renders only the links (they follow the location), not the menu. */
export const Sidebar = memo(function Sidebar({ open, role, onNavigate }: Props) {
  const sections = visibleMenu(menu, role);
  return (
    <aside id="sidebar" className="sidebar" data-state={open ? 'open' : 'closed'} aria-label="Sidebar">
      <nav aria-label="Main menu">
        {sections.map((section) => (
          <div className="menu-section" key={section.title ?? 'top'}>
            {section.title && <h2 className="menu-section-title">{section.title}</h2>}
            <ul>
              {section.entries.map((entry) => (
                <li key={entry.id}>
                  {entry.kind === 'button' ? (
                    <NewMenu role={role} onNavigate={onNavigate} />
                  ) : (
                    <NavLink to={`/admin/${entry.path}`} className="menu-link" title={entry.label} onClick={onNavigate}>
                      <Icon name={entry.icon} />
                      <span className="menu-label">{entry.label}</span>
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
});
