import type { Store } from '../../store/store';

/**
 * Remembers answers of a hot read path while the tables they are read from stay unchanged. The
 * store's `version` of those tables moves with every committed write to them, made by this
 * process or by any other server on the same database, so no answer outlives the write after
 * it: a hit costs one version read instead of the queries.
 *
 * @example
 * const cache = new ReadCache(store, ['projects', 'content']);
 * const page = await cache.get('first page', () => loadFirstPage());
 */
export class ReadCache {
  private version: number | undefined;
  private readonly entries = new Map<string, unknown>();
  /** The answer of each entry as a settled promise, handed out as it is by `get`'s quick path. */
  private readonly answers = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Store,
    private readonly tables: readonly string[],
    private readonly maxEntries = 1000,
  ) {}

  /** The cached answer for `key`, or the one `load` gives when the tables changed since. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    // A store that knows its versions at once answers a hit without a wait.
    const known = this.answers.get(key);
    if (known !== undefined && this.store.versionNow?.(this.tables) === this.version)
      return known as Promise<T>;
    return this.lookUp(key, load);
  }

  /**
   * The cached answer for `key` when the store tells at once that it is still current; else
   * `undefined` (a closed store too: `get` then gives its error).
   */
  peek<T>(key: string): T | undefined {
    // A cached answer is never undefined: the store's answers are rows and lists.
    const value = this.entries.get(key) as T | undefined;
    if (value === undefined) return undefined;
    try {
      return this.store.versionNow?.(this.tables) === this.version ? value : undefined;
    } catch {
      return undefined;
    }
  }

  private async lookUp<T>(key: string, load: () => Promise<T>): Promise<T> {
    // Read before loading: a write that lands during `load` leaves the entry already stale.
    const version = await this.store.version(this.tables);
    if (version !== this.version) {
      this.entries.clear();
      this.answers.clear();
      this.version = version;
    } else if (this.entries.has(key)) {
      return this.entries.get(key) as T;
    }
    const value = await load();
    if (version === this.version) {
      if (this.entries.size >= this.maxEntries) {
        this.entries.clear();
        this.answers.clear();
      }
      this.entries.set(key, value);
      this.answers.set(key, Promise.resolve(value));
    }
    return value;
  }
}
