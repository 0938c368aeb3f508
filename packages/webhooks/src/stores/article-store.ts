import type { ArticlePayload } from '@rankquill/contract';

/** An article as a receiver keeps it: the payload with defaults applied, plus where it lives. */
export interface StoredArticle extends ArticlePayload {
  /** The URL the receiver answered with, `/<language>/resources/blog/<slug>` unless prefixed. */
  url: string;
  /** When the receiver last stored this article (ISO 8601 UTC, from the receiver's clock). */
  received_at: string;
  /**
   * `webhook-timestamp` (Unix seconds) of the delivery that last wrote this article, when it
   * carried one: a delivery for this slug with an older one changes nothing.
   */
  webhook_timestamp?: number;
}

/**
 * Where a receiver keeps articles. Keyed by slug: `upsert` replaces an article with the same
 * slug. Methods may return promises so that a store can sit on any database; implement this
 * interface to write straight into your CMS.
 *
 * @example
 * ```ts
 * import type { ArticleStore } from '@rankquill/webhooks';
 * const cmsStore: ArticleStore = {
 *   async upsert(article) { await cms.posts.save({ slug: article.slug, html: article.content }); },
 *   async remove(slug) { return cms.posts.delete(slug); },
 *   async get(slug) { return cms.posts.find(slug); },
 *   async list() { return cms.posts.all(); },
 * };
 * ```
 */
export interface ArticleStore {
  /**
   * Inserts the article, or replaces the one with the same slug (and drops its tombstone).
   * @example
   * ```ts
   * await store.upsert({ ...article, url: '/en/resources/blog/cold-brew' });
   * ```
   */
  upsert(article: StoredArticle): Promise<void>;
  /**
   * Removes the article with this slug (and its tombstone); resolves true when there was an article.
   * @example
   * ```ts
   * const removed = await store.remove('cold-brew'); // false when there was none
   * ```
   */
  remove(slug: string): Promise<boolean>;
  /**
   * The article with this slug, or undefined.
   * @example
   * ```ts
   * const article = await store.get('cold-brew');
   * ```
   */
  get(slug: string): Promise<StoredArticle | undefined>;
  /**
   * Every article, most recently received first.
   * @example
   * ```ts
   * for (const article of await store.list()) console.log(article.slug);
   * ```
   */
  list(): Promise<StoredArticle[]>;
  /**
   * Optional: whether a delivery with this `webhook-id` was applied (within at least the last
   * `REPLAY_MEMORY_SECONDS`). With it and `markApplied`, the receiver answers a replayed
   * delivery 200 without applying it again. The built-in stores implement both.
   * @example
   * ```ts
   * if (await store.isApplied?.('dlv_1')) console.log('a replay: answer 200, change nothing');
   * ```
   */
  isApplied?(webhookId: string): Promise<boolean>;
  /**
   * Optional: remembers that the delivery with this `webhook-id` was applied at `atSeconds`
   * (Unix seconds, the receiver's clock), for at least `REPLAY_MEMORY_SECONDS`.
   * @example
   * ```ts
   * await store.markApplied?.('dlv_1', Math.floor(Date.now() / 1000));
   * ```
   */
  markApplied?(webhookId: string, atSeconds: number): Promise<void>;
  /**
   * Optional: the `webhook-timestamp` of the delivery that removed this slug (its tombstone), or
   * undefined. With it and `markRemoved`, a delivery for the slug older than its removal changes
   * nothing, so an unpublished or deleted article never comes back. The built-in stores
   * implement both.
   * @example
   * ```ts
   * const removedAt = await store.tombstoneOf?.('cold-brew'); // undefined unless a delivery removed it
   * ```
   */
  tombstoneOf?(slug: string): Promise<number | undefined>;
  /**
   * Optional: keeps the slug's tombstone, the `webhook-timestamp` of the delivery that removed
   * it. It lasts until the slug is written again (`upsert`) or removed by a delivery without a
   * timestamp (`remove` clears it), so at least as long as the signature tolerance.
   * @example
   * ```ts
   * await store.markRemoved?.('cold-brew', Number(headers['webhook-timestamp']));
   * ```
   */
  markRemoved?(slug: string, webhookTimestamp: number): Promise<void>;
}
