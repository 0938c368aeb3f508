/**
 * Remembers the results of a pure computation, up to `limit` entries; when full it starts
 * afresh, which keeps memory bounded without the bookkeeping of an LRU. For inputs that repeat,
 * such as the same brand names on every answer or the demo history on every reset.
 *
 * @example
 * ```ts
 * const slugs = new BoundedCache<string, string>(1000);
 * const slug = slugs.get('Home brewing', slugify); // computed once, then remembered
 * ```
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The remembered value for `key`, or `compute(key)`, remembered. */
  get(key: K, compute: (key: K) => V): V {
    if (this.entries.has(key)) return this.entries.get(key) as V;
    const value = compute(key);
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}
