import { DEFAULT_API_MOUNTS, type RuntimeConfig } from '../../../contracts/config';

export type { RuntimeConfig };
export { isProfile, type Profile, type Role } from '../../../contracts/session';

export const defaultRuntimeConfig: RuntimeConfig = {
  apis: DEFAULT_API_MOUNTS,
  features: {},
  version: 'unknown',
};
