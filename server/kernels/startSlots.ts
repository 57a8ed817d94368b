import { conflict } from './errors';

/**
 * Kernel starts under way per user, counted with the kernels they hold: a slot is taken before
 * anything is awaited (a check before the await let 20 concurrent starts all pass the cap), and
 * given back once the start has ended, its kernel registered or failed.
 */
export class StartSlots {
  private readonly starting = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a slot or throws 409; answers the release, to call once whatever the start's end. */
  reserve(username: string, held: number): () => void {
    const pending = this.starting.get(username) ?? 0;
    const count = held + pending;
    if (count >= this.max) throw conflict(`You have ${count} kernels running or starting, the most one user may; shut one down first`);
    this.starting.set(username, pending + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.starting.get(username) ?? 1) - 1;
      if (left > 0) this.starting.set(username, left);
      else this.starting.delete(username);
    };
  }
}
