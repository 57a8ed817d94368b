import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { Profile } from '../../sync/api/types';
import { DropdownMenu } from '../components/DropdownMenu';
import { initials, roleLabels } from '../components/userLabels';
import { useAuth } from '../hooks/useAuth';

export function AvatarMenu({ user }: { user: Profile }) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  return (
    <DropdownMenu
      // The name starts with the visible initials, so speech input can target what it sees (WCAG 2.5.3).
      label={`${initials(user)}, account menu`}
      align="end"
      className="avatar-menu"
      trigger={<span className="avatar">{initials(user)}</span>}
      header={
        <>
          <strong>
            {user.firstName} {user.lastName}
          </strong>
          <span className="muted">
            {user.username} · {roleLabels[user.role]}
          </span>
        </>
      }
      items={[
        { label: 'My Profile', icon: <UserRound size={16} aria-hidden="true" />, onSelect: () => navigate('/my-profile') },
        {
          label: 'Log Out',
          icon: <LogOut size={16} aria-hidden="true" />,
          onSelect: () => {
            signOut();
            navigate('/auth/login', { replace: true });
            toast.success('You have signed out.');
          },
        },
      ]}
    />
  );
}
