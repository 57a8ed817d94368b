import type { ComponentType } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation, useSearchParams, type RouteObject } from 'react-router-dom';
import { Loading } from './components/Loading';
import { useDocumentTitle } from './hooks/usePageMeta';
import { RequireAuth } from './layout/RequireAuth';
import { allEntries, type MenuEntry } from './menu/menu';
import { NotFoundPage } from './pages/NotFoundPage';
import { redirectFor } from './routing/redirects';

/** Applies the pure redirect rules, so the router and their tests cannot drift apart. */
/** /admin/workspace/create?type=folder opens the Workspace with its create dialog. */
function WorkspaceCreateRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={`/admin/workspace?new=${params.get('type') === 'folder' ? 'folder' : 'notebook'}`} replace />;
}

function RuleRedirect() {
  const { pathname } = useLocation();
  const redirect = redirectFor(pathname);
  return redirect ? <Navigate to={redirect.to} replace={redirect.replace} /> : <NotFoundPage />;
}

/** Every route's element sits under this one: the document title follows the matched route's `handle.meta`. */
function Root() {
  useDocumentTitle();
  return <Outlet />;
}

// The admin shell is its own chunk, so the login route loads only what signing in needs.
const lazyAdmin = async () => ({ Component: (await import('./layout/AdminArea')).AdminArea });
const lazyLogin = async () => ({ Component: (await import('./pages/LoginPage')).LoginPage });
const lazyHome = async () => ({ Component: (await import('./pages/HomePage')).HomePage });
const lazyWorkspace = async () => ({ Component: (await import('./workspace/WorkspacePage')).WorkspacePage });
const lazyProfile = async () => ({ Component: (await import('./pages/ProfilePage')).ProfilePage });
const loadSql = async () => (await import('./sql/SqlPage')).SqlPage;
const loadQueries = async () => (await import('./queries/SavedQueriesPage')).SavedQueriesPage;
const lazyRecent = async () => ({ Component: (await import('./pages/RecentPage')).RecentPage });
/** Starts loading a chunk needed soon; a failure is the later import's to report. */
const preload = (load: Promise<unknown>) => void load.catch(() => {});
/**
 * The editor's commands load with its page: the session imports them only when the page first
 * asks, after this chunk has loaded and run, and the notebook's file is fetched only after that.
 */
const lazyNotebook = async () => {
  preload(import('../commands/notebook/doc'));
  preload(import('../commands/notebook/tabs'));
  preload(import('../commands/kernels/kernels'));
  return { Component: (await import('./notebook/editor/NotebookEditorPage')).NotebookEditorPage };
};
const lazyNotebookRedirect = async () => ({ Component: (await import('./notebook/editor/NotebookEditorPage')).LegacyNotebookRedirect });
const lazyDags = async () => ({ Component: (await import('./workflow/list/DagListPage')).DagListPage });
const lazyDag = async () => ({ Component: (await import('./workflow/detail/DagDetailPage')).DagDetailPage });
const lazyCatalog = async () => ({ Component: (await import('./catalog/CatalogPage')).CatalogPage });

/** A page behind its menu entry's role guard (the server enforces the role too). */
function guarded(entry: MenuEntry, load: () => Promise<ComponentType>) {
  return async () => {
    const [{ RequireRole }, Page] = await Promise.all([import('./layout/RequireRole'), load()]);
    return {
      element: (
        <RequireRole roles={entry.roles} area={entry.label}>
          <Page />
        </RequireRole>
      ),
    };
  };
}

function entryRoute(entry: MenuEntry): RouteObject {
  const path = `/admin/${entry.path}${entry.id === 'catalog' ? '/*' : ''}`;
  const meta = {
    title: entry.label,
    description: entry.description,
    ...(entry.id === 'home' ? { search: { placeholder: 'Filter shortcuts' } } : {}),
  };
  if (entry.id === 'home') return { path, lazy: lazyHome, handle: { meta } };
  if (entry.id === 'workspace-create') return { path, element: <WorkspaceCreateRedirect /> };
  if (entry.id === 'sql') return { path, lazy: guarded(entry, loadSql), handle: { meta } };
  if (entry.id === 'queries') return { path, lazy: guarded(entry, loadQueries), handle: { meta: { ...meta, search: { placeholder: 'Search saved queries' } } } };
  if (entry.id === 'catalog') return { path, lazy: lazyCatalog, handle: { meta } };
  if (entry.id === 'workflow') return { path, lazy: lazyDags, handle: { meta: { ...meta, search: { placeholder: 'Search DAGs' } } } };
  if (entry.id === 'workflow-detail') return { path, lazy: lazyDag, handle: { meta } };
  if (entry.id === 'recent') return { path, lazy: lazyRecent, handle: { meta } };
  if (entry.id === 'workspace') return { path, lazy: lazyWorkspace, handle: { meta: { ...meta, search: { placeholder: 'Search the workspace' } } } };
  const lazyEntry = async () => {
    const { EntryPage } = await import('./pages/EntryPage');
    return { element: <EntryPage entry={entry} /> };
  };
  return { path, lazy: lazyEntry, handle: { meta } };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    HydrateFallback: () => <Loading />,
    children: [
      { path: '/', element: <RuleRedirect /> },
      { path: '/auth/*', lazy: lazyLogin, handle: { meta: { title: 'Sign in' } } },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyAdmin,
            children: [
              { path: '/admin', element: <RuleRedirect /> },
              { path: '/admin/new', element: <RuleRedirect /> },
              ...allEntries().filter((e) => e.kind !== 'button').map(entryRoute),
              // The read-only view's links (?path=) lead to the editor's URL.
              { path: '/admin/workspace/notebook', lazy: lazyNotebookRedirect },
              { path: '/admin/workspace/notebook/*', lazy: lazyNotebook, handle: { meta: { title: 'Notebook', description: 'A notebook of the workspace', ownHeading: true } } },
              { path: '/admin/*', element: <NotFoundPage />, handle: { meta: { title: 'Page not found' } } },
              {
                path: '/my-profile',
                lazy: lazyProfile,
                handle: { meta: { title: 'My Profile', description: 'Your account on this console' } },
              },
            ],
          },
        ],
      },
      { path: '*', element: <RuleRedirect /> },
    ],
  },
];

export function createConsoleRouter() {
  return createBrowserRouter(routes);
}
