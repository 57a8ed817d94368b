import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from '../hooks/useAuth';
import { StorageMeter } from '../components/StorageMeter';
import { initials, roleLabels } from '../components/userLabels';

export function ProfilePage() {
  const { user, verified, signOut: endSession } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const signOut = () => {
    endSession();
    navigate('/auth/login', { replace: true });
    toast.success('You have signed out.');
  };
  return (
    <div className="profile card">
      <div className="profile-head">
        <span className="avatar avatar-large">{initials(user)}</span>
        <div>
          <h2>
            {user.firstName} {user.lastName}
          </h2>
          <p className="muted">{user.email}</p>
        </div>
      </div>
      <dl className="facts">
        <dt>Username</dt>
        <dd data-testid="profile-username">{user.username}</dd>
        <dt>Role</dt>
        <dd data-testid="profile-role">
          {user.role} <span className="muted">({roleLabels[user.role]})</span>
        </dd>
        <dt>Session</dt>
        <dd>{verified ? 'Confirmed by the server' : 'Not verified yet — the server could not be reached'}</dd>
        <dt>Storage</dt>
        <dd>
          <StorageMeter />
        </dd>
      </dl>
      <button type="button" className="button" onClick={signOut}>
        <LogOut size={16} aria-hidden="true" /> Sign out
      </button>
    </div>
  );
}
