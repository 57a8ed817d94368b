import { LoginThrottle } from './throttle';
import type { UserProfile, UserStore } from './users';

export type SignInResult = { kind: 'ok'; user: UserProfile } | { kind: 'invalid' } | { kind: 'throttled' };

export const THROTTLED_MESSAGE = 'Too many failed sign-in attempts. Try again later.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

/** Password check shared by every sign-in endpoint, behind one brute-force guard. */
export class Authenticator {
  constructor(
    private readonly users: UserStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async signIn(ip: string, username: string, password: string): Promise<SignInResult> {
    const key = LoginThrottle.key(ip, username);
    if (this.throttle.isBlocked(key)) return { kind: 'throttled' };
    const user = await this.users.verifyCredentials(username, password);
    if (!user) {
      this.throttle.recordFailure(key);
      return { kind: 'invalid' };
    }
    this.throttle.reset(key);
    return { kind: 'ok', user };
  }
}
