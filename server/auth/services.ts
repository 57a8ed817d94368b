import type { ConsoleConfig } from '../config';
import type { Clock } from '../util/clock';
import type { Authenticator } from './authenticate';
import type { CredentialEnds } from './credentialEnds';
import type { TokenFamilies } from './families';
import type { TokenGrants } from './grants';
import type { SessionStore } from './sessions';
import type { TokenService } from './tokens';
import type { UserStore } from './users';

/** Who is who and how they proved it: what the guard, the sign-in routes and the token endpoints use. */
export interface AuthServices {
  config: ConsoleConfig;
  clock: Clock;
  users: UserStore;
  sessions: SessionStore;
  tokens: TokenService;
  /** Bearer tokens in revocable families (sign-in, refresh, logout, checks). */
  grants: TokenGrants;
  families: TokenFamilies;
  /** Ends event streams when the session or token family they were opened with ends. */
  credentialEnds: CredentialEnds;
  authenticator: Authenticator;
}
