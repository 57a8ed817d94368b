/**
 * A small semaphore for password hashes. scrypt runs on libuv's thread pool (4 threads),
 * which DuckDB's and the file system's work shares: a sign-in flood that fills it stalls
 * every API. At most `maxRunning` hashes run, `maxQueued` wait; the rest are refused at once.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxRunning = 2,
    readonly maxQueued = 4,
  ) {}

  /** The task's result once a slot was free, or null at once when the queue is full. */
  tryRun<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.running < this.maxRunning) {
      this.running += 1;
      return this.execute(task);
    }
    if (this.waiting.length >= this.maxQueued) return null;
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.execute(task));
  }

  private async execute<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so no newcomer can take it in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
