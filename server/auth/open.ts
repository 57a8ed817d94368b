import type { ConsoleConfig } from '../config';
import { nothingToClose, type Domain } from '../http/domain';
import type { Store } from '../store/db';
import type { Clock } from '../util/clock';
import { Authenticator } from './authenticate';
import { CredentialEnds } from './credentialEnds';
import { TokenFamilies } from './families';
import { TokenGrants } from './grants';
import { oidcRoutes } from './oidc.routes';
import type { ScryptParams } from './passwords';
import { consoleAuthRoutes } from './routes';
import { SessionStore } from './sessions';
import { LoginThrottle, type ThrottleOptions } from './throttle';
import { TokenService } from './tokens';
import type { AuthServices } from './services';
import { UserStore } from './users';

export interface AuthOptions {
  /** Sign-in limits (see LoginThrottle); the defaults suit production. */
  throttle?: Partial<Omit<ThrottleOptions, 'clock'>>;
  /** scrypt cost for new password hashes; the default suits production. */
  passwordHashing?: ScryptParams;
}

/** The users, sessions, token families and sign-in throttle over the console store. */
export async function openAuthServices(config: ConsoleConfig, store: Store, clock: Clock, options: AuthOptions = {}): Promise<AuthServices> {
  const users = await UserStore.create(store, options.passwordHashing);
  const tokens = await TokenService.open(config.dataDir, clock);
  const credentialEnds = new CredentialEnds();
  const sessions = new SessionStore(store, config.sessionTtlSeconds, clock, credentialEnds);
  const families = new TokenFamilies(store, clock, credentialEnds);
  const grants = new TokenGrants(tokens, families, users, clock);
  const authenticator = new Authenticator(users, new LoginThrottle({ ...options.throttle, clock }));
  return { config, clock, users, sessions, tokens, grants, families, credentialEnds, authenticator };
}

/** The auth routes, mounted at /api: the console's sign-in API and the OIDC token endpoints (the guard is app-wide, see guard.ts). */
export function openAuth(): Domain {
  return {
    routes: async (app) => {
      await app.register(consoleAuthRoutes, { prefix: '/v1/temp' });
      await app.register(oidcRoutes, { prefix: '/auth' });
    },
    close: nothingToClose,
  };
}
