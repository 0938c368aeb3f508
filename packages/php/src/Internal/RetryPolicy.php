<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/**
 * @internal Which failures are retried, and after how long.
 */
final class RetryPolicy
{
    /** Longest wait accepted from `Retry-After` or `X-RateLimit-Reset`, in seconds. */
    public const MAX_RETRY_AFTER_SECONDS = 60;

    // Unix seconds before 2024-01-01 are read as a number of seconds to wait.
    private const EARLIEST_RESET_TIMESTAMP = 1704067200;

    /**
     * Seconds to wait before retry number `$retryNumber` (1 for the first), or null when the
     * failure is not retried. Retried: connection failures, timeouts, 408, 429 and 5xx, for every
     * method (POSTs carry an Idempotency-Key, so a retry never acts twice). The wait doubles from
     * 0.5 s up to 8 s, less up to 25% jitter; on 429 and 503 `Retry-After` (or
     * `X-RateLimit-Reset`) decides instead. A `Retry-After` above a minute is not waited for.
     *
     * @param int|null $status null when no answer arrived
     * @param array<string, string> $headers lower-case names
     */
    public static function delay(?int $status, array $headers, int $retryNumber): ?float
    {
        if ($status === null) {
            return self::backoff($retryNumber);
        }
        if ($status !== 408 && $status !== 429 && ($status < 500 || $status > 599)) {
            return null;
        }
        $retryAfter = isset($headers['retry-after']) ? self::waitOf($headers['retry-after'], false) : null;
        if ($retryAfter !== null && $retryAfter > self::MAX_RETRY_AFTER_SECONDS) {
            return null;
        }
        if ($status === 429 || $status === 503) {
            $serverWait = $retryAfter
                ?? (isset($headers['x-ratelimit-reset']) ? self::waitOf($headers['x-ratelimit-reset'], true) : null);
            if ($serverWait !== null) {
                return min($serverWait, (float) self::MAX_RETRY_AFTER_SECONDS);
            }
        }
        return self::backoff($retryNumber);
    }

    private static function backoff(int $retryNumber): float
    {
        $base = min(0.5 * 2 ** ($retryNumber - 1), 8.0);
        return $base * (1 - (mt_rand() / mt_getrandmax()) * 0.25);
    }

    /** A header's wait in seconds: seconds, an HTTP date, or (for reset headers) Unix seconds. */
    private static function waitOf(string $value, bool $mayBeTimestamp): ?float
    {
        $value = trim($value);
        if ($value !== '' && ctype_digit($value)) {
            $seconds = (float) $value;
            if ($mayBeTimestamp && $seconds >= self::EARLIEST_RESET_TIMESTAMP) {
                return max(0.0, $seconds - microtime(true));
            }
            return $seconds;
        }
        $at = strtotime($value);
        return $at === false ? null : max(0.0, $at - microtime(true));
    }
}
