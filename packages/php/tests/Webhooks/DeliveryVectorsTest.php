<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\ArticleStore;
use Rankquill\Webhooks\MemoryArticleStore;
use Rankquill\Webhooks\PdoSqliteArticleStore;
use Rankquill\Webhooks\StoredArticle;
use Rankquill\Webhooks\WebhookReceiver;

/**
 * Every case of packages/contract/vectors/deliveries.json through `WebhookReceiver::handle()`,
 * with each of the two stores.
 */
final class DeliveryVectorsTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>, string}> */
    public function deliveries(): array
    {
        $rows = [];
        foreach (Vectors::load('deliveries')['cases'] as $case) {
            foreach (['memory', 'pdo-sqlite'] as $store) {
                $rows["{$case['id']} ({$store})"] = [$case, $store];
            }
        }
        return $rows;
    }

    /**
     * @dataProvider deliveries
     * @param array<string, mixed> $case
     */
    public function testAnswersAndStoresAsTheSharedVectorsSay(array $case, string $storeKind): void
    {
        $config = array_merge(Vectors::load('deliveries')['receiver'], $case['receiver'] ?? []);
        $store = $storeKind === 'memory'
            ? new MemoryArticleStore()
            : new PdoSqliteArticleStore(new \PDO('sqlite::memory:'));
        foreach ($case['store_before'] ?? [] as $article) {
            $store->upsert(StoredArticle::fromArray($article + ['received_at' => '2026-01-01T00:00:00.000Z']));
        }
        $receiver = new WebhookReceiver([
            'secret' => $config['secret'],
            'signing_secret' => $config['signing_secret'] ?? null,
            'author_default' => $config['author_default'],
            'site_base_url' => $config['site_base_url'],
            'remove_on' => $config['remove_on'],
            'store' => $store,
            'clock' => fn (): int => $case['now'],
        ]);
        $result = $receiver->handle($case['request']['headers'], $case['request']['body']);
        $expected = $case['expected'];
        $this->assertSame($expected['status'], $result->status, json_encode($result->body));
        if ($expected['status'] < 300) {
            $this->assertSame($expected['body'], $result->body);
        } else {
            $this->assertSame(['error'], array_keys($result->body));
            foreach ($expected['error_contains'] ?? [] as $fragment) {
                $this->assertStringContainsString($fragment, $result->body['error']);
            }
            $this->assertStringNotContainsString($config['secret'], $result->body['error']);
        }
        $this->assertStore($store, $expected['store'] ?? []);
    }

    /** @param array<string, array<string, mixed>|null> $expected */
    private function assertStore(ArticleStore $store, array $expected): void
    {
        foreach ($expected as $slug => $article) {
            $stored = $store->get($slug);
            if ($article === null) {
                $this->assertNull($stored, "the store still holds {$slug}");
                continue;
            }
            $this->assertNotNull($stored, "the store lacks {$slug}");
            $fields = $stored->toArray();
            $this->assertMatchesRegularExpression('/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/', $fields['received_at']);
            unset($fields['received_at']);
            ksort($fields);
            ksort($article);
            $this->assertSame($article, $fields);
        }
    }
}
