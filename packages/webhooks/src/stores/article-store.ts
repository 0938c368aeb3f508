import type { ArticlePayload } from '@rankquill/contract';

/** An article as a receiver keeps it: the payload with defaults applied, plus where it lives. */
export interface StoredArticle extends ArticlePayload {
  /** The URL the receiver answered with, `/<language>/resources/blog/<slug>` unless prefixed. */
  url: string;
  /** When the receiver last stored this article (ISO 8601 UTC, from the receiver's clock). */
  received_at: string;
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
  /** Inserts the article, or replaces the one with the same slug. */
  upsert(article: StoredArticle): Promise<void>;
  /** Removes the article with this slug; resolves true when there was one. */
  remove(slug: string): Promise<boolean>;
  /** The article with this slug, or undefined. */
  get(slug: string): Promise<StoredArticle | undefined>;
  /** Every article, most recently received first. */
  list(): Promise<StoredArticle[]>;
}
