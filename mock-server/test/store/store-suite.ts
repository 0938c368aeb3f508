import { afterEach, beforeEach, describe } from 'vitest';
import type { Store, StoreSchema } from '../../src/store/store';
import { describeCountedGroups } from './contract/counted-groups';
import { describeLifecycle } from './contract/lifecycle';
import { describeQueries } from './contract/queries';
import { describeRows } from './contract/rows';
import type { Article, StoreUnderTest } from './contract/store-fixtures';
import { describeTransactions } from './contract/transactions';

/** The schema every contract test runs against. */
export const contractSchema = {
  articles: {
    columns: ['projectId', 'status', 'publishedAt', 'score', 'featured'],
    indexes: [['projectId', 'status', 'publishedAt'], ['score']],
    counted: [['projectId', 'status'], ['featured']],
  },
  notes: { columns: ['kind'] },
  meta: { columns: [] },
} as const satisfies StoreSchema;

/**
 * The behaviour every `Store` must have. Call it from a test file with a function that opens a fresh,
 * empty store on `contractSchema`.
 *
 * @example
 * describeStoreContract('memory store', (schema) => createMemoryStore(schema));
 */
export function describeStoreContract(
  name: string,
  open: (schema: StoreSchema) => Promise<Store> | Store,
): void {
  describe(`${name} (store contract)`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await open(contractSchema);
    });

    afterEach(async () => {
      await store.close();
    });

    const suite: StoreUnderTest = {
      get store() {
        return store;
      },
      seed: (...rows: Article[]) =>
        store.transaction(async (tx) => {
          for (const row of rows) await tx.insert('articles', row);
        }),
    };

    describeRows(suite);
    describeQueries(suite);
    describeCountedGroups(suite);
    describeTransactions(suite);
    describeLifecycle(suite);
  });
}
