<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\InvalidArgumentException;

/**
 * @internal One operation of the generated table (`Operations::TABLE`), resolved for a call: its
 * HTTP method, its path with the ids in place, and whether it sends an `Idempotency-Key`. No
 * hand-written client file holds a path or a method: they come from here.
 *
 * @example
 * $endpoint = Endpoint::of('content.retrieve', ['proj_1', 'a/b']);
 * $endpoint->method; // 'GET'
 * $endpoint->path;   // '/projects/proj_1/content/a%2Fb'
 */
final class Endpoint
{
    private function __construct(
        /** The operation's id in the contract, such as `content.retrieve`. */
        public readonly string $operation,
        public readonly string $method,
        /** Under the operation's base (`/v1`, the public article API, or the server root), or an absolute URL. */
        public readonly string $path,
        public readonly bool $idempotent,
    ) {
    }

    /**
     * The operation with its path parameters filled in, in their order in the table. Every byte
     * of an id but `A-Z a-z 0-9 - . _ ~` is percent-encoded; an id that is empty, `.` or `..` is
     * refused before any request: encoded or not, a server or proxy may read it as "this folder"
     * or "the folder above" and act on another resource.
     *
     * @param list<string> $ids
     */
    public static function of(string $operation, array $ids = []): self
    {
        $spec = self::spec($operation);
        $names = $spec['path_params'];
        if (\count($ids) !== \count($names)) {
            throw new \LogicException(sprintf('%s takes %d ids, got %d.', $operation, \count($names), \count($ids)));
        }
        $replacements = [];
        foreach ($names as $index => $name) {
            $value = $ids[$index];
            if ($value === '' || $value === '.' || $value === '..') {
                throw new InvalidArgumentException(sprintf(
                    '$%s must be an id such as the `id` field of the resource, got %s; '
                    . 'an empty, "." or ".." id would address another resource.',
                    $name,
                    json_encode($value),
                ));
            }
            $replacements['{' . $name . '}'] = rawurlencode($value);
        }
        return new self($operation, $spec['method'], strtr($spec['path'], $replacements), $spec['idempotent']);
    }

    /** The operation sent to a URL the server gave (a signed download link) instead of its path. */
    public static function at(string $operation, string $url): self
    {
        $spec = self::spec($operation);
        return new self($operation, $spec['method'], $url, $spec['idempotent']);
    }

    /** @return array{method: string, path: string, path_params: list<string>, idempotent: bool} */
    private static function spec(string $operation): array
    {
        return Operations::TABLE[$operation]
            ?? throw new \LogicException("{$operation} is not an operation of the contract (Operations::TABLE).");
    }
}
