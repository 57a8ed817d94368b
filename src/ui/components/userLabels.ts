import type { Profile, Role } from '../../sync/api/types';

export const roleLabels: Record<Role, string> = { admin: 'Administrator', editor: 'Editor' };

export function initials(user: Profile): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.username.slice(0, 2)).toUpperCase();
}
