/** Who may do what in the console: admins manage users and everything editors may do. */
export type Role = 'admin' | 'editor';

/** The public profile: what the `user` cookie and the login answer carry. Never a secret. */
export interface Profile {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  email?: string;
}

export function isProfile(value: unknown): value is Profile {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.username === 'string' &&
    (v.role === 'admin' || v.role === 'editor') &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string'
  );
}
