<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

use PHPUnit\Framework\Assert;
use Rankquill\Webhooks\ArticleStore;
use Rankquill\Webhooks\MemoryArticleStore;
use Rankquill\Webhooks\PdoSqliteArticleStore;
use Rankquill\Webhooks\WebhookReceiver;

/** Receivers and stores as the receiver vectors (deliveries.json, replays.json) describe them. */
final class ReceiverVectors
{
    public const STORES = ['memory', 'pdo-sqlite'];

    public static function store(string $kind): ArticleStore
    {
        return $kind === 'memory' ? new MemoryArticleStore() : new PdoSqliteArticleStore(new \PDO('sqlite::memory:'));
    }

    /**
     * @param array<string, mixed> $config a vector file's `receiver`, with the case's overrides
     * @param \Closure(): int $clock
     */
    public static function receiver(array $config, ArticleStore $store, \Closure $clock): WebhookReceiver
    {
        return new WebhookReceiver([
            'secret' => $config['secret'],
            'signing_secret' => $config['signing_secret'] ?? null,
            'author_default' => $config['author_default'],
            'site_base_url' => $config['site_base_url'],
            'remove_on' => $config['remove_on'],
            'store' => $store,
            'clock' => $clock,
        ]);
    }

    /**
     * The store holds exactly these articles (every field but `received_at`); null: not that slug.
     *
     * @param array<string, array<string, mixed>|null> $expected
     */
    public static function assertStore(ArticleStore $store, array $expected): void
    {
        foreach ($expected as $slug => $article) {
            $stored = $store->get($slug);
            if ($article === null) {
                Assert::assertNull($stored, "the store still holds {$slug}");
                continue;
            }
            Assert::assertNotNull($stored, "the store lacks {$slug}");
            $fields = $stored->toArray();
            $timestamp = '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/';
            Assert::assertMatchesRegularExpression($timestamp, $fields['received_at']);
            unset($fields['received_at']);
            ksort($fields);
            ksort($article);
            Assert::assertSame($article, $fields);
        }
    }
}
