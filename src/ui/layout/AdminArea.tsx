import { DbProvider } from '../db';
import { AdminLayout } from './AdminLayout';
import { AreaServicesProvider } from './AreaServices';

/** Everything behind sign-in: the local database, sync, and the console shell. */
export function AdminArea() {
  return (
    <DbProvider>
      <AreaServicesProvider>
        <AdminLayout />
      </AreaServicesProvider>
    </DbProvider>
  );
}
