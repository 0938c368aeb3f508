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
final class MemoryArticleStore implements ArticleStore, DeliveryMemory
{
    /** @var array<string, StoredArticle> by slug, oldest received first */
    private array $articles = [];
    /** @var array<string, int> webhook-timestamp of each slug's last delivery (removals too), by slug */
    private array $timestamps = [];
    /** @var array<string, int> when each applied webhook-id was applied, by id */
    private array $appliedIds = [];

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

    /**
     * @example
     * $store->applied('msg_2Yh…', time());
     */
    public function applied(string $webhookId, int $now): bool
    {
        $at = $this->appliedIds[$webhookId] ?? null;
        return $at !== null && $now - $at <= self::REMEMBER_SECONDS;
    }

    /**
     * @example
     * $store->timestampOf('cold-brew-ratio');
     */
    public function timestampOf(string $slug): ?int
    {
        return $this->timestamps[$slug] ?? null;
    }

    /**
     * @example
     * $store->remember('msg_2Yh…', time(), 'cold-brew-ratio', 1767259800);
     */
    public function remember(?string $webhookId, int $now, ?string $slug, ?int $timestamp): void
    {
        $this->appliedIds = array_filter(
            $this->appliedIds,
            static fn (int $at): bool => $now - $at <= self::REMEMBER_SECONDS,
        );
        if ($webhookId !== null) {
            $this->appliedIds[$webhookId] = $now;
        }
        // A removed slug keeps its timestamp (its tombstone), so an older update cannot bring it back.
        if ($slug !== null) {
            if ($timestamp === null) {
                unset($this->timestamps[$slug]);
            } else {
                $this->timestamps[$slug] = $timestamp;
            }
        }
    }
}
