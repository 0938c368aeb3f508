<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/** The shared test vectors of packages/contract/vectors, which every language's tests load. */
final class Vectors
{
    /** @var array<string, array<string, mixed>> */
    private static array $loaded = [];

    /** @return array<string, mixed> */
    public static function load(string $name): array
    {
        $path = ReferenceServer::repositoryRoot() . "/packages/contract/vectors/{$name}.json";
        return self::$loaded[$name] ??= json_decode((string) file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * Data-provider rows, one per case, keyed by the case's name.
     *
     * @param list<array<string, mixed>> $cases
     * @return array<string, array{array<string, mixed>}>
     */
    public static function rows(array $cases, string $key = 'name'): array
    {
        $rows = [];
        foreach ($cases as $case) {
            $rows[(string) $case[$key]] = [$case];
        }
        return $rows;
    }
}
