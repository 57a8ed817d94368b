import { DbProvider } from '../db';
import { AdminLayout } from './AdminLayout';

/** Everything behind sign-in: the local database and the console shell. */
export function AdminArea() {
  return (
    <DbProvider>
      <AdminLayout />
    </DbProvider>
  );
}
