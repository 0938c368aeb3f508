import type { Store, StoreWriter } from '../../store/store';

/**
 * Remembers answers of hot read paths until the next committed write. Every write of the
 * engine goes through `store.transaction`, so one counter tells whether an answer is stale.
 * This holds while one engine owns the store (the reference server's case); a store shared
 * by several processes must not be wrapped.
 */
export class ReadCache {
  private version = 0;
  private readonly entries = new Map<string, { version: number; value: unknown }>();

  constructor(private readonly maxEntries = 1000) {}

  /** A store whose committed transactions invalidate this cache. */
  watch(store: Store): Store {
    const bump = () => {
      this.version++;
      this.entries.clear();
    };
    return new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return async <T>(work: (tx: StoreWriter) => Promise<T>) => {
            try {
              return await target.transaction(work);
            } finally {
              bump();
            }
          };
        }
        if (property === 'clear') {
          return async () => {
            try {
              await target.clear();
            } finally {
              bump();
            }
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** The cached answer for `key`, or the one `load` gives (kept unless a write happened meanwhile). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === this.version) return hit.value as T;
    const version = this.version;
    const value = await load();
    if (version === this.version) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { version, value });
    }
    return value;
  }
}
