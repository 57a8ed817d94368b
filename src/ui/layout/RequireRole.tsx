import type { ReactNode } from 'react';
import type { Role } from '../../sync/api/types';
import { useAuth } from '../hooks/useAuth';
import { canSee } from '../menu/menu';
import { NoAccessPage } from '../pages/NoAccessPage';

/** Guards a route as the menu hides it: a typed URL gets "no access", not the page. */
export function RequireRole({ roles, area, children }: { roles?: Role[]; area: string; children: ReactNode }) {
  const { user } = useAuth();
  if (!canSee({ roles }, user?.role)) return <NoAccessPage area={area} role={user?.role} />;
  return <>{children}</>;
}
