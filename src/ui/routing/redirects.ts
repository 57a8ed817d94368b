/**
 * Where a URL leads before any page renders: the seed's redirect rules as one pure function,
 * so the router and its tests agree. Returns null when the path renders as it is.
 */
export interface Redirect {
  to: string;
  replace: true;
}

const rootAreas = ['admin', 'auth', 'my-profile'];

export function redirectFor(pathname: string): Redirect | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { to: '/admin', replace: true };
  if (path === '/admin') return { to: '/admin/default', replace: true };
  // "New" is a menu button, not a page: a typed URL lands on the home page.
  if (path === '/admin/new') return { to: '/admin/default', replace: true };
  const first = path.split('/')[1];
  if (!rootAreas.includes(first)) return { to: '/admin/default', replace: true };
  return null;
}

/** Where an unauthenticated visitor goes: the login page, remembering where they were headed. */
export function loginPathFor(pathname: string, search = ''): string {
  const from = `${pathname}${search}`;
  const isAuthPage = pathname === '/auth' || pathname.startsWith('/auth/');
  if (isAuthPage || from === '/' || from === '/admin' || from === '/admin/') return '/auth/login';
  return `/auth/login?returnTo=${encodeURIComponent(from)}`;
}

/** Where to go after signing in: the remembered page if it is one of ours, else the admin home. */
export function afterLoginPath(returnTo: string | null): string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/auth')) {
    return '/admin/';
  }
  return returnTo;
}
