/**
 * A Map bounded to `capacity` entries that forgets the least recently used one when full.
 * `onEvict` runs for every entry it forgets (not for delete/clear), e.g. to free a handle.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    readonly capacity: number,
    private readonly onEvict: (value: V, key: K) => void = () => undefined,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('LruMap capacity must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting makes this entry the newest.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.evictOldest();
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** Entries from least to most recently used. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries.entries();
  }

  clear(): void {
    this.entries.clear();
  }

  private evictOldest(): void {
    const oldest = this.entries.entries().next();
    if (oldest.done) return;
    const [key, value] = oldest.value;
    this.entries.delete(key);
    this.onEvict(value, key);
  }
}
