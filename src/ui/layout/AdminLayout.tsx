import { lazy, Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { useAuth } from '../hooks/useAuth';
import { useModHotkey } from '../hooks/useHotkey';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { usePageMeta } from '../hooks/usePageMeta';
import { useRecordVisit } from '../hooks/useRecentVisits';
import { PageCommandsProvider, type PageCommands } from './pageCommands';
import { PageHeader } from './PageHeader';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The Ctrl+K palette (cmdk and its dialog) loads on its first opening, not with the shell. */
const CommandPalette = lazy(async () => ({ default: (await import('./CommandPalette')).CommandPalette }));

/** Under 768 px the sidebar starts closed and floats over the page. */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** The user's toggle holds until the window crosses the narrow breakpoint. */
function useSidebar() {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [choice, setChoice] = useState<{ narrow: boolean; open: boolean } | null>(null);
  const open = choice && choice.narrow === narrow ? choice.open : !narrow;
  const toggle = useCallback(() => setChoice({ narrow, open: !open }), [narrow, open]);
  const closeIfNarrow = useCallback(() => narrow && setChoice({ narrow, open: false }), [narrow]);
  return { narrow, open, toggle, closeIfNarrow };
}

export function AdminLayout() {
  const { user, verified } = useAuth();
  const sidebar = useSidebar();
  const [searchOpen, setSearchOpen] = useState(false);
  const [paletteUsed, setPaletteUsed] = useState(false);
  if (searchOpen && !paletteUsed) setPaletteUsed(true);
  const [pageCommands, setPageCommands] = useState<PageCommands | null>(null);
  const meta = usePageMeta();
  const location = useLocation();
  const navigation = useNavigation();
  // Captured: the palette opens from a code editor too (the notebook's cells, SQL Lab).
  useModHotkey('k', useCallback(() => setSearchOpen((o) => !o), []), { capture: true });
  const openSearch = useCallback(() => setSearchOpen(true), []);
  useRecordVisit(location.pathname, meta?.title);
  if (!user) return null;

  return (
    <div className="shell" data-sidebar={sidebar.open ? 'open' : 'closed'} data-narrow={sidebar.narrow}>
      <TopBar
        user={user}
        verified={verified}
        sidebarOpen={sidebar.open}
        onToggleSidebar={sidebar.toggle}
        onOpenSearch={openSearch}
      />
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <div className="shell-body">
        <Sidebar open={sidebar.open} role={user.role} onNavigate={sidebar.closeIfNarrow} />
        {sidebar.narrow && sidebar.open && <div className="backdrop" onClick={sidebar.toggle} aria-hidden="true" />}
        <main className="content" id="content">
          <PageHeader meta={meta} />
          <PageCommandsProvider value={setPageCommands}>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </PageCommandsProvider>
        </main>
      </div>
      {paletteUsed && (
        <Suspense fallback={null}>
          <CommandPalette open={searchOpen} onOpenChange={setSearchOpen} role={user.role} pageCommands={pageCommands} />
        </Suspense>
      )}
    </div>
  );
}
