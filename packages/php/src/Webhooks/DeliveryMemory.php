<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * What an article store remembers so that replays change nothing: the `webhook-id` of every
 * delivery it applied, for at least `REMEMBER_SECONDS`, and for each slug the
 * `webhook-timestamp` of the delivery that last wrote it or removed it (a removed article's
 * tombstone). The receiver answers a delivery whose id was applied, or that is older than its
 * article or its removal, 200 with the article's URL and applies nothing, so an unpublished
 * article never comes back. `MemoryArticleStore` and `PdoSqliteArticleStore` implement it; implement it in your
 * own store to get the same protection.
 *
 * @example
 * if ($store->applied('msg_2Yh…', time())) { echo 'a replay'; }
 */
interface DeliveryMemory
{
    /** Twice the 5-minute signature tolerance: a replayed signature is too old after that. */
    public const REMEMBER_SECONDS = 600;

    /**
     * Whether a delivery with this `webhook-id` was applied in the last `REMEMBER_SECONDS`.
     *
     * @example
     * $store->applied($headers['webhook-id'], time());
     */
    public function applied(string $webhookId, int $now): bool;

    /**
     * The `webhook-timestamp` of the delivery that last wrote or removed the article; null when
     * none.
     *
     * @example
     * $store->timestampOf('cold-brew-ratio'); // 1767259800
     */
    public function timestampOf(string $slug): ?int;

    /**
     * Records an applied delivery: its id (when it had one) and, when it wrote or removed an
     * article, the slug's timestamp (null: the delivery had none, and the slug keeps none). A
     * removed slug keeps its timestamp until it is written again.
     *
     * @example
     * $store->remember('msg_2Yh…', time(), 'cold-brew-ratio', 1767259800);
     */
    public function remember(?string $webhookId, int $now, ?string $slug, ?int $timestamp): void;
}
