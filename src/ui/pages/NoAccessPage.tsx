import { ShieldOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Role } from '../../sync/api/types';

export function NoAccessPage({ area, role }: { area: string; role: Role | undefined }) {
  return (
    <div className="empty-state" data-testid="no-access">
      <span className="empty-icon">
        <ShieldOff size={32} aria-hidden="true" />
      </span>
      <h2>No access</h2>
      <p className="muted">
        {area} is for administrators. You are signed in{role ? ` with the ${role} role` : ''}; ask an administrator if you
        need it.
      </p>
      <Link className="button" to="/admin/default">
        Back to home
      </Link>
    </div>
  );
}
