import type { FastifyReply } from 'fastify';
import { HashGate } from './hashGate';
import type { LoginThrottle, ThrottleReason } from './throttle';
import { toProfile, type UserProfile, type UserStore } from './users';

/** A sign-in that was not checked: answer 429 with Retry-After. */
export interface Refusal {
  kind: 'throttled' | 'busy';
  retryAfterSeconds: number;
  message: string;
}

/** user is the public profile; tokenVersion goes to the session or token family started from it. */
export type SignInResult = { kind: 'ok'; user: UserProfile; tokenVersion: number } | { kind: 'invalid' } | Refusal;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
/**
 * Two hashes at a time leave two of libuv's four threads to the database and the files (and
 * bound scrypt's 16 MB per hash); four more wait, a fraction of a second at production cost.
 */
export const MAX_RUNNING_HASHES = 2;
export const MAX_QUEUED_HASHES = 4;

/**
 * Password check shared by every sign-in endpoint: the brute-force limits first (the attempt
 * is counted before its check), then the hash cap. Unknown user names cost the same hash as
 * known ones (UserStore.verifyCredentials) and wait in the same queue, so neither the time
 * nor a 429 tells whether a name exists.
 */
export class Authenticator {
  private readonly hashes = new HashGate(MAX_RUNNING_HASHES, MAX_QUEUED_HASHES);

  constructor(
    private readonly users: UserStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async signIn(ip: string, username: string, password: string): Promise<SignInResult> {
    const start = this.throttle.start(ip, username);
    if (start.kind === 'throttled') return throttled(start.reason, Math.ceil(start.retryAfterMs / 1000));
    const { attempt } = start;
    const check = this.hashes.tryRun(() => this.users.verifyCredentials(username, password), attempt.trusted);
    if (!check) {
      attempt.abandoned();
      return throttled('busy', 1);
    }
    const verified = await check.catch((error: unknown) => {
      attempt.abandoned();
      throw error;
    });
    if (!verified) {
      attempt.failed();
      return { kind: 'invalid' };
    }
    attempt.succeeded();
    return { kind: 'ok', user: toProfile(verified), tokenVersion: verified.tokenVersion };
  }
}

export function isRefusal(result: SignInResult): result is Refusal {
  return result.kind === 'throttled' || result.kind === 'busy';
}

const REFUSALS: Record<ThrottleReason, string> = {
  failures: 'Too many failed sign-in attempts.',
  name: 'Too many sign-in attempts for this user name.',
  busy: 'The server is busy checking other sign-ins.',
};

function throttled(reason: ThrottleReason, seconds: number): Refusal {
  const wait = seconds === 1 ? '1 second' : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return { kind: reason === 'busy' ? 'busy' : 'throttled', retryAfterSeconds: seconds, message: `${REFUSALS[reason]} Try again in ${wait}.` };
}

/** 429 with Retry-After; `body` shapes the answer of each API (console, OIDC, Superset). */
export function sendRefusal(reply: FastifyReply, refusal: Refusal, body: (refusal: Refusal) => object): FastifyReply {
  return reply.code(429).header('retry-after', String(refusal.retryAfterSeconds)).send(body(refusal));
}
