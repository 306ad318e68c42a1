/**
 * One value per isolate for the latest key asked for (the snapshot's catalogue, the search
 * meta): loaded once, shared by concurrent requests, and forgotten if loading fails so the next
 * request tries again. A new snapshot id is a new key, which replaces the old value.
 */
export class LatestValue<T> {
  private current: { key: string; value: Promise<T> } | null = null;

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.current?.key !== key) {
      const value = load();
      this.current = { key, value };
      value.catch(() => {
        if (this.current?.value === value) this.current = null;
      });
    }
    return this.current.value;
  }
}
