import { Menu as MenuIcon, Search, WifiOff } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Profile } from '../../sync/api/types';
import { Logo, PRODUCT_NAME } from '../components/Logo';
import { SyncBadge } from '../sync/SyncBadge';
import { AvatarMenu } from './AvatarMenu';

interface Props {
  user: Profile;
  verified: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onOpenSearch: () => void;
}

/** Memoised: a search typed into the page (a new ?q=) re-renders the layout, not the bar. */
export const TopBar = memo(function TopBar({ user, verified, sidebarOpen, onToggleSidebar, onOpenSearch }: Props) {
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button"
        aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <MenuIcon size={20} aria-hidden="true" />
      </button>
      <Link to="/admin/default" className="brand" aria-label={`${PRODUCT_NAME} home`}>
        <Logo size={26} />
        <span className="brand-name">{PRODUCT_NAME}</span>
      </Link>
      <div className="topbar-spacer" />
      {!verified && (
        <span className="badge badge-warn" title="The server could not confirm your session; it will when it answers again.">
          <WifiOff size={14} aria-hidden="true" /> Session not verified
        </span>
      )}
      <SyncBadge />
      <button
        type="button"
        className="search-trigger"
        onClick={onOpenSearch}
        // The visible text exactly (narrow screens hide it), so speech input can target what it sees (WCAG 2.5.3).
        aria-label="Search… Ctrl K"
        aria-keyshortcuts="Control+K Meta+K"
      >
        <Search size={16} aria-hidden="true" />
        <span className="search-trigger-text">Search…</span> <kbd>Ctrl K</kbd>
      </button>
      <AvatarMenu user={user} />
    </header>
  );
});
