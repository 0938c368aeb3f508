<?php

declare(strict_types=1);

namespace Rankquill\Tests\ClientVectors;

use PHPUnit\Framework\TestCase;
use Rankquill\Internal\RetryPolicy;
use Rankquill\Tests\Support\Vectors;

/** packages/contract/vectors/retries.json: the wait before each retry, or none. */
final class RetryVectorsTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>}> */
    public function cases(): array
    {
        return Vectors::rows(Vectors::load('retries')['cases']);
    }

    /**
     * @dataProvider cases
     * @param array<string, mixed> $case
     */
    public function testWaitsAsTheVectorSays(array $case): void
    {
        $policy = new RetryPolicy(
            now: static fn (): float => $case['now_ms'] / 1000,
            random: static fn (): float => (float) $case['random'],
        );
        $outcome = $case['outcome'];
        // A connection error and a timeout both arrive as "no answer" (a null status).
        $wait = $policy->delay($outcome['status'] ?? null, $outcome['headers'] ?? [], $case['retry']);
        if ($case['wait_ms'] === null) {
            $this->assertNull($wait);
            return;
        }
        $this->assertNotNull($wait, 'gave up where the vector retries');
        $this->assertEqualsWithDelta($case['wait_ms'], $wait * 1000, 0.001);
    }
}
