/**
 * A small semaphore for password hashes. scrypt runs on libuv's thread pool (4 threads),
 * which DuckDB's and the file system's work shares: a sign-in flood that fills it stalls
 * every API. At most `maxRunning` hashes run, `maxQueued` wait; the rest are refused at once.
 * Trusted tasks (sign-ins from where the user signed in before) wait in a line of their own,
 * as long, served first: a flood from new addresses cannot keep them out.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly trustedWaiting: (() => void)[] = [];

  constructor(
    readonly maxRunning = 2,
    readonly maxQueued = 4,
  ) {}

  /** The task's result once a slot was free, or null at once when its line is full. */
  tryRun<T>(task: () => Promise<T>, trusted = false): Promise<T> | null {
    if (this.running < this.maxRunning) {
      this.running += 1;
      return this.execute(task);
    }
    const line = trusted ? this.trustedWaiting : this.waiting;
    if (line.length >= this.maxQueued) return null;
    return new Promise<void>((resolve) => line.push(resolve)).then(() => this.execute(task));
  }

  private async execute<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so no newcomer can take it in between.
      const next = this.trustedWaiting.shift() ?? this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
