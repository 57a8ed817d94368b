import { LruMap } from '../store/lru';

/** A token bucket: `burst` attempts at once, then `perSecond` more each second. */
export interface RatePolicy {
  burst: number;
  perSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Keys kept; past that the least recently used are forgotten (a forgotten key starts full). */
const MAX_KEYS = 10_000;

/** Token buckets by key: a budget of attempts that refills at a steady rate. */
export class RateBudget {
  private readonly buckets = new LruMap<string, Bucket>(MAX_KEYS);

  constructor(private readonly policy: RatePolicy) {}

  /** Milliseconds until key has an attempt to spend; 0 when it has one now. Takes nothing. */
  waitMs(key: string, now: number): number {
    const tokens = this.tokens(key, now);
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 1000) / this.policy.perSecond);
  }

  /** Spends one attempt (call after waitMs answered 0). */
  take(key: string, now: number): void {
    this.buckets.set(key, { tokens: this.tokens(key, now) - 1, at: now });
  }

  /** Gives back an attempt that cost nothing (the password was never checked). */
  refund(key: string, now: number): void {
    this.buckets.set(key, { tokens: Math.min(this.policy.burst, this.tokens(key, now) + 1), at: now });
  }

  private tokens(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.policy.burst;
    return Math.min(this.policy.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.policy.perSecond);
  }
}
