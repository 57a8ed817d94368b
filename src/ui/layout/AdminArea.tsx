import { useSession } from '../appContext';
import { Loading } from '../components/Loading';
import { AdminLayout } from './AdminLayout';

/** Everything behind sign-in: the console shell, once the signed-in session (opened by main.tsx at sign-in) is ready. */
export function AdminArea() {
  return useSession() ? <AdminLayout /> : <Loading />;
}
