<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Keeps articles in memory, for tests and for long-running PHP servers (RoadRunner, Swoole,
 * ReactPHP). Under PHP-FPM every request starts empty: use `PdoSqliteArticleStore` there.
 *
 * @example
 * $store = new MemoryArticleStore();
 * $receiver = new WebhookReceiver(['secret' => $secret, 'store' => $store]);
 */
final class MemoryArticleStore implements ArticleStore
{
    /** @var array<string, StoredArticle> by slug, oldest received first */
    private array $articles = [];

    /**
     * @example
     * $store->upsert(StoredArticle::fromArray([...]));
     */
    public function upsert(StoredArticle $article): void
    {
        unset($this->articles[$article->slug]);
        $this->articles[$article->slug] = clone $article;
    }

    /**
     * @example
     * $store->remove('cold-brew-ratio');
     */
    public function remove(string $slug): bool
    {
        $found = isset($this->articles[$slug]);
        unset($this->articles[$slug]);
        return $found;
    }

    /**
     * @example
     * $store->get('cold-brew-ratio')?->title;
     */
    public function get(string $slug): ?StoredArticle
    {
        return isset($this->articles[$slug]) ? clone $this->articles[$slug] : null;
    }

    /**
     * @example
     * count($store->list());
     *
     * @return list<StoredArticle>
     */
    public function list(): array
    {
        return array_map(
            static fn (StoredArticle $article): StoredArticle => clone $article,
            array_values(array_reverse($this->articles)),
        );
    }
}
