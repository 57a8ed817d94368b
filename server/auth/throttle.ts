import { systemClock, type Clock } from './clock';

export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  clock: Clock;
}

interface FailureWindow {
  startedAt: number;
  failures: number;
}

const DEFAULTS: ThrottleOptions = { maxFailures: 10, windowMs: 15 * 60 * 1000, clock: systemClock };
// Bound memory under a spray of usernames: stale windows are dropped past this size.
const PRUNE_ABOVE = 10_000;

/**
 * Brute-force guard for sign-in: after maxFailures failures for one key (ip + username)
 * inside a fixed window, the key is blocked until that window ends.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, FailureWindow>();
  private readonly options: ThrottleOptions;

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  static key(ip: string, username: string): string {
    return `${ip}\u0000${username}`;
  }

  isBlocked(key: string): boolean {
    const window = this.current(key);
    return window !== undefined && window.failures >= this.options.maxFailures;
  }

  recordFailure(key: string): void {
    const window = this.current(key);
    if (window) {
      window.failures += 1;
      return;
    }
    if (this.windows.size >= PRUNE_ABOVE) this.prune();
    this.windows.set(key, { startedAt: this.options.clock(), failures: 1 });
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): FailureWindow | undefined {
    const window = this.windows.get(key);
    if (window && this.isOver(window)) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private isOver(window: FailureWindow): boolean {
    return this.options.clock() - window.startedAt >= this.options.windowMs;
  }

  private prune(): void {
    for (const [key, window] of this.windows) if (this.isOver(window)) this.windows.delete(key);
  }
}
