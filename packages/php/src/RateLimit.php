<?php

declare(strict_types=1);

namespace Rankquill;

/**
 * The account's request budget, from the `X-RateLimit-*` headers of an answer.
 *
 * @example
 * $response = $client->projects->withResponse()->list();
 * if ($response->rateLimit !== null && $response->rateLimit->remaining < 10) {
 *     sleep(max(0, $response->rateLimit->resetAt->getTimestamp() - time()));
 * }
 */
final class RateLimit
{
    /**
     * @internal Read from an answer's headers; there is no need to construct one.
     */
    public function __construct(
        /** Requests allowed per rolling hour. */
        public readonly int $limit,
        /** Requests left in the current window. */
        public readonly int $remaining,
        /** When one more request becomes available. */
        public readonly \DateTimeImmutable $resetAt,
    ) {
    }

    /**
     * Reads `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds);
     * null when any is absent or not a whole number.
     *
     * @example
     * $rateLimit = RateLimit::fromHeaders([
     *     'x-ratelimit-limit' => '500',
     *     'x-ratelimit-remaining' => '499',
     *     'x-ratelimit-reset' => '1767225600',
     * ]);
     *
     * @param array<string, string> $headers lower-case names
     */
    public static function fromHeaders(array $headers): ?self
    {
        $limit = $headers['x-ratelimit-limit'] ?? '';
        $remaining = $headers['x-ratelimit-remaining'] ?? '';
        $reset = $headers['x-ratelimit-reset'] ?? '';
        if (!ctype_digit($limit) || !ctype_digit($remaining) || !ctype_digit($reset)) {
            return null;
        }
        return new self((int) $limit, (int) $remaining, (new \DateTimeImmutable())->setTimestamp((int) $reset));
    }
}
