export type Role = 'admin' | 'editor';

/** The public profile: what the `user` cookie and the login answer carry. Never a secret. */
export interface Profile {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  email?: string;
}

/** Runtime settings served by the console server at /config.json. */
export interface RuntimeConfig {
  apis: { console: string; auth: string; notebook: string; bi: string; workflow: string };
  features: Record<string, boolean>;
  version: string;
}

export const defaultRuntimeConfig: RuntimeConfig = {
  apis: {
    console: '/api/v1/temp',
    auth: '/api/auth',
    notebook: '/api/notebook',
    bi: '/api/bi',
    workflow: '/api/workflow',
  },
  features: {},
  version: 'unknown',
};

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
