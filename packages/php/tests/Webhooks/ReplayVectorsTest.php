<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\ReceiverVectors;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\DeliveryMemory;

/**
 * Every scenario of packages/contract/vectors/replays.json (replays and older deliveries change
 * nothing) through one receiver per scenario, with each of the two built-in stores.
 */
final class ReplayVectorsTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>, string}> */
    public function scenarios(): array
    {
        $rows = [];
        foreach (Vectors::load('replays')['scenarios'] as $scenario) {
            foreach (ReceiverVectors::STORES as $store) {
                $rows["{$scenario['id']} ({$store})"] = [$scenario, $store];
            }
        }
        return $rows;
    }

    public function testStoresRememberIdsAsLongAsTheVectorsSay(): void
    {
        $this->assertSame(Vectors::load('replays')['remember_ids_seconds'], DeliveryMemory::REMEMBER_SECONDS);
    }

    /**
     * @dataProvider scenarios
     * @param array<string, mixed> $scenario
     */
    public function testAnswersEveryStepAndEndsWithTheStoreTheVectorsSay(array $scenario, string $storeKind): void
    {
        $vectors = Vectors::load('replays');
        $config = array_merge($vectors['receiver'], $scenario['receiver'] ?? []);
        $store = ReceiverVectors::store($storeKind);
        $now = 0;
        $receiver = ReceiverVectors::receiver($config, $store, function () use (&$now): int {
            return $now;
        });
        foreach ($scenario['steps'] as $index => $step) {
            $now = $step['now'];
            $request = $step['request'];
            $result = $receiver->handle($request['headers'], $request['body'], $request['method']);
            $this->assertSame(
                [$step['expected']['status'], $step['expected']['body']],
                [$result->status, $result->body],
                "step {$index}",
            );
        }
        ReceiverVectors::assertStore($store, $scenario['expected_store']);
    }
}
