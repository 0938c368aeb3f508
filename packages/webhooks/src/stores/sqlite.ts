/**
 * An article store in a SQLite file (`node:sqlite`, Node 22.13 or later).
 *
 * @module @rankquill/webhooks/sqlite
 */
import type { DatabaseSync } from 'node:sqlite';
import { REPLAY_MEMORY_SECONDS } from '../replays';
import type { ArticleStore, StoredArticle } from './article-store';
import { loadNodeSqlite } from './node-sqlite';

export { loadNodeSqlite, NODE_SQLITE_VERSION } from './node-sqlite';

/** Options of `SqliteArticleStore`. */
export interface SqliteArticleStoreOptions {
  /** Database file, created when absent. Default `:memory:`. */
  path?: string;
  /**
   * Table name; letters, digits and underscores. Default `rankquill_articles`. Applied
   * webhook-ids go in `<table>_webhook_ids`, the tombstones of removed slugs in
   * `<table>_tombstones`.
   */
  table?: string;
}

interface ArticleRow {
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  keywords: string;
  canonical_url: string;
  featured_image: string;
  author: string;
  language: string;
  url: string;
  received_at: string;
  webhook_timestamp: number | null;
}

const COLUMNS = [
  'slug',
  'title',
  'content',
  'excerpt',
  'meta_title',
  'meta_description',
  'keywords',
  'canonical_url',
  'featured_image',
  'author',
  'language',
  'url',
  'received_at',
  'webhook_timestamp',
] as const;

function toArticle(row: ArticleRow): StoredArticle {
  return {
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    keywords: JSON.parse(row.keywords) as string[],
    canonical_url: row.canonical_url,
    featured_image: row.featured_image,
    author: row.author,
    language: row.language,
    url: row.url,
    received_at: row.received_at,
    ...(row.webhook_timestamp === null ? {} : { webhook_timestamp: Number(row.webhook_timestamp) }),
  };
}

/**
 * Keeps articles in an SQLite file through Node's built-in `node:sqlite` (Node 22.13 or later),
 * one column per field, so the table can be read by the rest of your stack, and the webhook-ids
 * it applied (for `REPLAY_MEMORY_SECONDS`), so a replayed delivery changes nothing, and the tombstone
 * of each removed slug, so an older delivery cannot bring it back. Node-only: import it
 * from `@rankquill/webhooks/sqlite`. It loads `node:sqlite` when constructed, without the
 * `ExperimentalWarning` Node 22 prints then; on an older Node the constructor throws an `Error`
 * saying which Node to install.
 *
 * @example
 * ```ts
 * import { createWebhookReceiver } from '@rankquill/webhooks';
 * import { SqliteArticleStore } from '@rankquill/webhooks/sqlite';
 * const store = new SqliteArticleStore({ path: 'articles.db' });
 * const receiver = createWebhookReceiver({ secret, store });
 * ```
 */
export class SqliteArticleStore implements ArticleStore {
  readonly #db: DatabaseSync;
  readonly #table: string;

  constructor(options: SqliteArticleStoreOptions = {}) {
    const table = options.table ?? 'rankquill_articles';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) {
      throw new TypeError(`Invalid table name "${table}": use letters, digits and underscores only.`);
    }
    this.#table = table;
    const { DatabaseSync } = loadNodeSqlite('SqliteArticleStore');
    this.#db = new DatabaseSync(options.path ?? ':memory:');
    // `seq` orders articles written in the same millisecond: the latest write comes first.
    this.#db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
      slug TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      content TEXT NOT NULL,
      excerpt TEXT NOT NULL,
      meta_title TEXT NOT NULL,
      meta_description TEXT NOT NULL,
      keywords TEXT NOT NULL,
      canonical_url TEXT NOT NULL,
      featured_image TEXT NOT NULL,
      author TEXT NOT NULL,
      language TEXT NOT NULL,
      url TEXT NOT NULL,
      received_at TEXT NOT NULL,
      webhook_timestamp INTEGER,
      seq INTEGER NOT NULL
    )`);
    // Tables created by an earlier version lack the column.
    const columns = this.#db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>;
    if (!columns.some((column) => column.name === 'webhook_timestamp'))
      this.#db.exec(`ALTER TABLE ${table} ADD COLUMN webhook_timestamp INTEGER`);
    this.#db.exec(`CREATE TABLE IF NOT EXISTS ${table}_webhook_ids (
      webhook_id TEXT PRIMARY KEY,
      applied_at INTEGER NOT NULL
    )`);
    this.#db.exec(`CREATE TABLE IF NOT EXISTS ${table}_tombstones (
      slug TEXT PRIMARY KEY,
      webhook_timestamp INTEGER NOT NULL
    )`);
  }

  async upsert(article: StoredArticle): Promise<void> {
    const table = this.#table;
    this.#db.prepare(`DELETE FROM ${table}_tombstones WHERE slug = ?`).run(article.slug);
    const updates = COLUMNS.filter((column) => column !== 'slug')
      .map((column) => `${column} = excluded.${column}`)
      .join(', ');
    this.#db
      .prepare(
        `INSERT INTO ${table} (${COLUMNS.join(', ')}, seq)
         VALUES (${COLUMNS.map(() => '?').join(', ')}, (SELECT COALESCE(MAX(seq), 0) + 1 FROM ${table}))
         ON CONFLICT (slug) DO UPDATE SET ${updates}, seq = excluded.seq`,
      )
      .run(
        article.slug,
        article.title,
        article.content,
        article.excerpt,
        article.meta_title,
        article.meta_description,
        JSON.stringify(article.keywords),
        article.canonical_url,
        article.featured_image,
        article.author,
        article.language,
        article.url,
        article.received_at,
        article.webhook_timestamp ?? null,
      );
  }

  async isApplied(webhookId: string): Promise<boolean> {
    return (
      this.#db.prepare(`SELECT 1 FROM ${this.#table}_webhook_ids WHERE webhook_id = ?`).get(webhookId) !==
      undefined
    );
  }

  async markApplied(webhookId: string, atSeconds: number): Promise<void> {
    const ids = `${this.#table}_webhook_ids`;
    this.#db.prepare(`DELETE FROM ${ids} WHERE applied_at < ?`).run(atSeconds - REPLAY_MEMORY_SECONDS);
    this.#db
      .prepare(
        `INSERT INTO ${ids} (webhook_id, applied_at) VALUES (?, ?)
         ON CONFLICT (webhook_id) DO UPDATE SET applied_at = excluded.applied_at`,
      )
      .run(webhookId, atSeconds);
  }

  async tombstoneOf(slug: string): Promise<number | undefined> {
    const row = this.#db
      .prepare(`SELECT webhook_timestamp FROM ${this.#table}_tombstones WHERE slug = ?`)
      .get(slug) as { webhook_timestamp: number } | undefined;
    return row === undefined ? undefined : Number(row.webhook_timestamp);
  }

  async markRemoved(slug: string, webhookTimestamp: number): Promise<void> {
    this.#db
      .prepare(
        `INSERT INTO ${this.#table}_tombstones (slug, webhook_timestamp) VALUES (?, ?)
         ON CONFLICT (slug) DO UPDATE SET webhook_timestamp = excluded.webhook_timestamp`,
      )
      .run(slug, webhookTimestamp);
  }

  async remove(slug: string): Promise<boolean> {
    this.#db.prepare(`DELETE FROM ${this.#table}_tombstones WHERE slug = ?`).run(slug);
    const result = this.#db.prepare(`DELETE FROM ${this.#table} WHERE slug = ?`).run(slug);
    return Number(result.changes) > 0;
  }

  async get(slug: string): Promise<StoredArticle | undefined> {
    const row = this.#db.prepare(`SELECT * FROM ${this.#table} WHERE slug = ?`).get(slug) as
      | ArticleRow
      | undefined;
    return row === undefined ? undefined : toArticle(row);
  }

  async list(): Promise<StoredArticle[]> {
    const rows = this.#db
      .prepare(`SELECT * FROM ${this.#table} ORDER BY received_at DESC, seq DESC`)
      .all() as unknown as ArticleRow[];
    return rows.map(toArticle);
  }

  /**
   * Closes the database file.
   * @example
   * ```ts
   * const store = new SqliteArticleStore('articles.db');
   * store.close();
   * ```
   */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}
