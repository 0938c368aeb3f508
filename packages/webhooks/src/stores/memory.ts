import { REPLAY_MEMORY_SECONDS } from '../replays';
import type { ArticleStore, StoredArticle } from './article-store';

/**
 * Keeps articles in memory: the default store of a receiver, for tests and for handlers that
 * write elsewhere. It remembers the webhook-ids it applied for `REPLAY_MEMORY_SECONDS`, so a
 * replayed delivery changes nothing, and the tombstone of each removed slug, so an older delivery
 * cannot bring it back. Everything is lost when the process ends; use
 * `SqliteArticleStore` from `@rankquill/webhooks/sqlite` or your own `ArticleStore` to keep them.
 *
 * @example
 * ```ts
 * import { createWebhookReceiver, MemoryArticleStore } from '@rankquill/webhooks';
 * const store = new MemoryArticleStore();
 * const receiver = createWebhookReceiver({ secret, store });
 * console.log(await store.list());
 * ```
 */
export class MemoryArticleStore implements ArticleStore {
  // Map order is insertion order; re-inserting on upsert keeps the latest write last.
  readonly #articles = new Map<string, StoredArticle>();
  /** Applied webhook-ids and when (Unix seconds), oldest first. */
  readonly #applied = new Map<string, number>();
  /** The webhook-timestamp of the delivery that removed each slug. */
  readonly #tombstones = new Map<string, number>();

  async upsert(article: StoredArticle): Promise<void> {
    this.#tombstones.delete(article.slug);
    this.#articles.delete(article.slug);
    this.#articles.set(article.slug, structuredClone(article));
  }

  async remove(slug: string): Promise<boolean> {
    this.#tombstones.delete(slug);
    return this.#articles.delete(slug);
  }

  async tombstoneOf(slug: string): Promise<number | undefined> {
    return this.#tombstones.get(slug);
  }

  async markRemoved(slug: string, webhookTimestamp: number): Promise<void> {
    this.#tombstones.set(slug, webhookTimestamp);
  }

  async get(slug: string): Promise<StoredArticle | undefined> {
    const article = this.#articles.get(slug);
    return article === undefined ? undefined : structuredClone(article);
  }

  async isApplied(webhookId: string): Promise<boolean> {
    return this.#applied.has(webhookId);
  }

  async markApplied(webhookId: string, atSeconds: number): Promise<void> {
    this.#applied.delete(webhookId);
    this.#applied.set(webhookId, atSeconds);
    for (const [id, at] of this.#applied) {
      if (at >= atSeconds - REPLAY_MEMORY_SECONDS) break;
      this.#applied.delete(id);
    }
  }

  async list(): Promise<StoredArticle[]> {
    return [...this.#articles.values()]
      .reverse()
      .sort((a, b) => b.received_at.localeCompare(a.received_at))
      .map((article) => structuredClone(article));
  }
}
