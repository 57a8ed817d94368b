import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { useAuth } from '../hooks/useAuth';
import { loginPathFor } from '../routing/redirects';

/** Admin pages need a session; without one the user signs in and comes back here. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'checking' || status === 'loggingOut') return <Loading label="Checking your session…" />;
  if (status !== 'loggedIn') return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <Outlet />;
}
