import { LruMap } from '../store/lru';
import { systemClock, type Clock } from '../util/clock';
import { RateBudget, type RatePolicy } from './rateBudget';

/** One limit: failures counted per key, with a delay that doubles past the free ones. */
export interface LimitPolicy {
  /** Failures that cost no delay. */
  freeFailures: number;
  /** The wait after the last free failure; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface ThrottleOptions {
  /** One user name from one address: the typing user, or a guesser at one account. */
  pair: LimitPolicy;
  /** One address, all user names: a spray of names from one place. */
  address: LimitPolicy;
  /** One user name, all addresses: a distributed guesser. Soft, see LoginThrottle. */
  user: LimitPolicy;
  /** Checks per user name from addresses it never signed in from: the hard cap on a distributed guesser. */
  name: RatePolicy;
  /** Checks from such addresses, all names together: a flood of many names from many addresses. */
  newAddresses: RatePolicy;
  /** An address where a user name signed in is spared the two budgets above for so long. */
  rememberSuccessMs: number;
  /** A key with no attempt for this long is forgotten. */
  forgetAfterMs: number;
  clock: Clock;
}

const SECOND = 1000;
const FIFTEEN_MINUTES = 15 * 60 * SECOND;
export const DEFAULT_THROTTLE: Omit<ThrottleOptions, 'clock'> = {
  pair: { freeFailures: 5, firstDelayMs: SECOND, maxDelayMs: FIFTEEN_MINUTES },
  address: { freeFailures: 20, firstDelayMs: SECOND, maxDelayMs: FIFTEEN_MINUTES },
  user: { freeFailures: 50, firstDelayMs: SECOND, maxDelayMs: FIFTEEN_MINUTES },
  // Ten at once, then one every 5 s: an attacked name costs the CPU at most one hash per 5 s.
  name: { burst: 10, perSecond: 0.2 },
  // Made-up names cost no hash but look the same (see UserStore.verifyCredentials), so they count too.
  newAddresses: { burst: 30, perSecond: 10 },
  rememberSuccessMs: 30 * 24 * 60 * 60 * SECOND,
  forgetAfterMs: 60 * 60 * SECOND,
};
/** Keys kept per limit; past that the least recently tried are forgotten (memory stays bounded under a spray). */
const MAX_KEYS = 10_000;

interface Count {
  /** Failures whose password check finished. */
  settled: number;
  /** Attempts whose check is running: they count as failures until they end. */
  inFlight: number;
  lastAttemptAt: number;
}

/** Failures per key. Every attempt is counted when it starts, so concurrent attempts see each other. */
class FailureCounter {
  private readonly counts = new LruMap<string, Count>(MAX_KEYS);

  constructor(
    private readonly policy: LimitPolicy,
    private readonly forgetAfterMs: number,
  ) {}

  /** The failures counted for key, running attempts included. */
  failures(key: string, now: number): number {
    const count = this.current(key, now);
    return count ? count.settled + count.inFlight : 0;
  }

  /** Milliseconds until key may try again; 0 when it may now. */
  waitMs(key: string, now: number): number {
    const count = this.current(key, now);
    const excess = count ? count.settled + count.inFlight - this.policy.freeFailures : -1;
    if (!count || excess < 0) return 0;
    const delay = Math.min(this.policy.firstDelayMs * 2 ** excess, this.policy.maxDelayMs);
    return Math.max(0, count.lastAttemptAt + delay - now);
  }

  /** Counts an attempt as a failure until it ends; returns the failures settled before it. */
  start(key: string, now: number): number {
    const count = this.current(key, now) ?? { settled: 0, inFlight: 0, lastAttemptAt: now };
    count.inFlight += 1;
    count.lastAttemptAt = now;
    this.counts.set(key, count);
    return count.settled;
  }

  fail(key: string): void {
    const count = this.counts.get(key);
    if (!count) return;
    count.inFlight = Math.max(0, count.inFlight - 1);
    count.settled += 1;
  }

  /** The attempt was no failure; `clear` earlier failures are forgiven as well. */
  refund(key: string, clear: number): void {
    const count = this.counts.get(key);
    if (!count) return;
    count.inFlight = Math.max(0, count.inFlight - 1);
    count.settled = Math.max(0, count.settled - clear);
    if (count.settled + count.inFlight === 0) this.counts.delete(key);
  }

  private current(key: string, now: number): Count | undefined {
    const count = this.counts.get(key);
    if (count && count.inFlight === 0 && now - count.lastAttemptAt >= this.forgetAfterMs) {
      this.counts.delete(key);
      return undefined;
    }
    return count;
  }
}

/** A started sign-in attempt: end it exactly once. */
export interface Attempt {
  /** From an address where its user name signed in lately (spared the rate budgets). */
  trusted: boolean;
  failed(): void;
  succeeded(): void;
  /** The password was not checked (the server was busy): the attempt costs nothing. */
  abandoned(): void;
}

/**
 * Why an attempt was not started: its own failures (pair, address or user limits), its user
 * name's budget, or the budget of all sign-ins from new addresses (the server is busy).
 */
export type ThrottleReason = 'failures' | 'name' | 'busy';

export type AttemptStart = { kind: 'started'; attempt: Attempt } | { kind: 'throttled'; reason: ThrottleReason; retryAfterMs: number };

/**
 * Brute-force guard for sign-in, with three limits whose delays double after a few failures
 * (1 s, 2 s, 4 s … up to 15 minutes) rather than a flat lock:
 * - per user name and address: a guesser at one account from one place;
 * - per address: a spray of user names from one place;
 * - per user name across addresses, softer: it delays only addresses that already failed
 *   for that name, so a user signing in from a clean address is never locked out by someone
 *   hammering the account from elsewhere, while each attacking address gets one guess.
 * An attempt is counted before its password is checked, so a burst cannot run more checks
 * than the limits allow. A success forgives the failures of its user name and address that
 * ended before it started, not those of attempts running at the same time, and none of the
 * per-address or per-user counts (a spray or an attack does not stop because one sign-in worked).
 *
 * Every address that never signed in as a name is new, and an attacker has as many as they
 * like: each of their checks costs a password hash. So checks from new addresses also spend
 * two budgets that refill at a steady rate: one per user name (a flood at one account is told
 * to wait, for that name only) and one for all names (a flood of many names). Unknown names
 * spend them as known ones do, so a refusal tells nothing of who exists. An address where the
 * name signed in before is spared both: the user keeps signing in while their name is attacked.
 */
export class LoginThrottle {
  private readonly options: ThrottleOptions;
  private readonly pairs: FailureCounter;
  private readonly addresses: FailureCounter;
  private readonly users: FailureCounter;
  private readonly names: RateBudget;
  private readonly newAddresses: RateBudget;
  /** When each user name and address pair last signed in. */
  private readonly signedIn = new LruMap<string, number>(MAX_KEYS);

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...DEFAULT_THROTTLE, clock: systemClock, ...options };
    const { forgetAfterMs } = this.options;
    this.pairs = new FailureCounter(this.options.pair, forgetAfterMs);
    this.addresses = new FailureCounter(this.options.address, forgetAfterMs);
    this.users = new FailureCounter(this.options.user, forgetAfterMs);
    this.names = new RateBudget(this.options.name);
    this.newAddresses = new RateBudget(this.options.newAddresses);
  }

  start(ip: string, username: string): AttemptStart {
    const now = this.options.clock();
    const pair = `${ip}\u0000${username}`;
    const failedHere = this.pairs.failures(pair, now) > 0;
    const wait = Math.max(this.pairs.waitMs(pair, now), this.addresses.waitMs(ip, now), failedHere ? this.users.waitMs(username, now) : 0);
    if (wait > 0) return { kind: 'throttled', reason: 'failures', retryAfterMs: wait };
    const budgets = this.budgetsFor(pair, username, now);
    for (const { budget, key, reason } of budgets) {
      const budgetWait = budget.waitMs(key, now);
      if (budgetWait > 0) return { kind: 'throttled', reason, retryAfterMs: budgetWait };
    }
    for (const { budget, key } of budgets) budget.take(key, now);
    return { kind: 'started', attempt: this.count(pair, ip, username, budgets) };
  }

  /** The rate budgets an attempt spends: none from an address where the name signed in lately. */
  private budgetsFor(pair: string, username: string, now: number): { budget: RateBudget; key: string; reason: ThrottleReason }[] {
    const lastSignIn = this.signedIn.get(pair);
    if (lastSignIn !== undefined && now - lastSignIn < this.options.rememberSuccessMs) return [];
    return [
      { budget: this.names, key: username, reason: 'name' },
      { budget: this.newAddresses, key: '', reason: 'busy' },
    ];
  }

  private count(pair: string, ip: string, username: string, budgets: { budget: RateBudget; key: string }[]): Attempt {
    const now = this.options.clock();
    const forgivable = this.pairs.start(pair, now);
    this.addresses.start(ip, now);
    this.users.start(username, now);
    const refund = (clear: number) => {
      this.pairs.refund(pair, clear);
      this.addresses.refund(ip, 0);
      this.users.refund(username, 0);
    };
    return {
      trusted: budgets.length === 0,
      failed: () => {
        this.pairs.fail(pair);
        this.addresses.fail(ip);
        this.users.fail(username);
      },
      succeeded: () => {
        refund(forgivable);
        this.signedIn.set(pair, this.options.clock());
      },
      abandoned: () => {
        refund(0);
        for (const { budget, key } of budgets) budget.refund(key, this.options.clock());
      },
    };
  }
}
