import type { Row, Store } from '../../../src/store/store';

/**
 * What each block of the store contract runs against: the fresh store that describeStoreContract
 * opens before every test, and a way to fill its `articles` table.
 */
export interface StoreUnderTest {
  /** The store of the running test. */
  readonly store: Store;
  /** Inserts `rows` into `articles` in one transaction. */
  seed(...rows: Article[]): Promise<void>;
}

/** A row of the contract's `articles` table. */
export interface Article extends Row {
  projectId: string;
  status: string;
  publishedAt: string | null;
  score?: number | null;
  featured?: boolean;
  body?: unknown;
}

export const article = (id: string, fields: Partial<Article> = {}): Article => ({
  id,
  projectId: 'p1',
  status: 'draft',
  publishedAt: null,
  ...fields,
});

export const ids = (rows: ReadonlyArray<{ id: string }>): string[] => rows.map((row) => row.id);
export const sorted = (rows: ReadonlyArray<{ id: string }>): string[] => ids(rows).sort();

/** A promise plus the function that resolves it, to hold a transaction open at a chosen point. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));
