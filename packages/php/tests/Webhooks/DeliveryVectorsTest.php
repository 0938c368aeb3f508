<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\ReceiverVectors;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\StoredArticle;

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
            foreach (ReceiverVectors::STORES as $store) {
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
        $store = ReceiverVectors::store($storeKind);
        foreach ($case['store_before'] ?? [] as $article) {
            $store->upsert(StoredArticle::fromArray($article + ['received_at' => '2026-01-01T00:00:00.000Z']));
        }
        $receiver = ReceiverVectors::receiver($config, $store, fn (): int => $case['now']);
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
        ReceiverVectors::assertStore($store, $expected['store'] ?? []);
    }
}
