/**
 * A Map that keeps at most `max` entries, dropping the least recently used: the only kind of in-memory table
 * the server may key by what a request sends (paths, words, names), so no sequence of requests can grow it.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-inserted: Map iterates in insertion order, so the first key is always the least recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  get size() {
    return this.entries.size;
  }
}
