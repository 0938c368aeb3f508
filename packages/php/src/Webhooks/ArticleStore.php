<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Where a receiver keeps articles, keyed by slug. Implement it to write straight into your CMS
 * (WordPress posts, a Laravel model); `MemoryArticleStore` and `PdoSqliteArticleStore` come with
 * the library. A method that throws makes the receiver answer 500, so the service retries.
 *
 * @example
 * final class WordPressStore implements ArticleStore
 * {
 *     public function upsert(StoredArticle $article): void { wp_insert_post([...]); }
 *     // remove(), get(), list()
 * }
 */
interface ArticleStore
{
    /**
     * Inserts the article, or replaces the one with the same slug.
     *
     * @example
     * $store->upsert($article);
     */
    public function upsert(StoredArticle $article): void;

    /**
     * Removes the article with this slug; true when there was one.
     *
     * @example
     * $store->remove('cold-brew-ratio');
     */
    public function remove(string $slug): bool;

    /**
     * The article with this slug, or null.
     *
     * @example
     * $article = $store->get('cold-brew-ratio');
     */
    public function get(string $slug): ?StoredArticle;

    /**
     * Every article, most recently received first.
     *
     * @example
     * foreach ($store->list() as $article) { echo $article->title, "\n"; }
     *
     * @return list<StoredArticle>
     */
    public function list(): array;
}
