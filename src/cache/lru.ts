/**
 * A least-recently-used map bounded by total weight (entries by default), for values kept in an
 * isolate between requests. A Workers isolate has 128 MB; each user states its own bound.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();
  #weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.#weight -= this.weigh(old);
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.#weight += this.weigh(value);
    // Evict the least recently used, but always keep the newest entry.
    while (this.#weight > this.maxWeight && this.entries.size > 1) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, V];
      this.#weight -= this.weigh(oldest);
      this.entries.delete(oldestKey);
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.#weight -= this.weigh(old);
    this.entries.delete(key);
  }

  /** Removes every entry that matches (a linear scan: for rare events such as a token rotation). */
  deleteWhere(matches: (value: V, key: string) => boolean): void {
    for (const [key, value] of this.entries) if (matches(value, key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.#weight = 0;
  }

  /** The entries' total weight. */
  get weight(): number {
    return this.#weight;
  }

  get size(): number {
    return this.entries.size;
  }
}
