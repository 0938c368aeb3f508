<?php

declare(strict_types=1);

namespace Rankquill\Tests\ClientVectors;

use PHPUnit\Framework\TestCase;
use Rankquill\Internal\NextPage;
use Rankquill\Tests\Support\Vectors;

/** packages/contract/vectors/pagination.json: the query of the next page, or none. */
final class PaginationVectorsTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>}> */
    public function cases(): array
    {
        return Vectors::rows(Vectors::load('pagination')['cases']);
    }

    /**
     * @dataProvider cases
     * @param array<string, mixed> $case
     */
    public function testTheNextPagesQueryIsTheVectors(array $case): void
    {
        $next = NextPage::params($case['params'], $case['pagination']);
        if ($case['next'] === null) {
            $this->assertNull($next);
            return;
        }
        $this->assertNotNull($next, 'no next page where the vector has one');
        $expected = $case['next'];
        ksort($expected);
        ksort($next);
        $this->assertSame($expected, $next);
    }
}
