<?php

declare(strict_types=1);

namespace Rankquill\Tests\ClientVectors;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Internal\Endpoint;
use Rankquill\Tests\Support\Vectors;

/** packages/contract/vectors/path-encoding.json: where a call goes, or which id it refuses. */
final class PathEncodingVectorsTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>}> */
    public function cases(): array
    {
        return Vectors::rows(Vectors::load('path-encoding')['cases']);
    }

    /**
     * @dataProvider cases
     * @param array<string, mixed> $case
     */
    public function testEncodesEveryIdOrRefusesTheFirstBadOne(array $case): void
    {
        if (isset($case['path'])) {
            $this->assertSame($case['path'], Endpoint::of($case['operation'], $case['ids'])->path);
            return;
        }
        try {
            Endpoint::of($case['operation'], $case['ids']);
            $this->fail("{$case['operation']} accepted the ids; the vector refuses {$case['refused']}");
        } catch (InvalidArgumentException $error) {
            // PHP names a parameter as its variable: `$contentId`.
            $this->assertStringStartsWith("\${$case['refused']} must be an id", $error->getMessage());
        }
    }
}
