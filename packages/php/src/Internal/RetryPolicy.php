<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/**
 * @internal Which failures are retried, and after how long. The clock and the random source are
 * injectable, so the shared retry vectors (packages/contract/vectors/retries.json) can drive it.
 *
 * @example
 * $policy = new RetryPolicy(now: fn (): float => 1_750_000_000.0, random: fn (): float => 0.5);
 * $policy->delay(503, ['retry-after' => '3'], 1); // 3.0
 */
final class RetryPolicy
{
    /** An IMF-fixdate, the HTTP date servers send (RFC 9110 section 5.6.7). */
    private const HTTP_DATE_FORMAT = '!D, d M Y H:i:s \G\M\T';

    /** @var \Closure(): float Unix time in seconds */
    private readonly \Closure $now;
    /** @var \Closure(): float a number in [0, 1) */
    private readonly \Closure $random;

    /**
     * @param (\Closure(): float)|null $now Unix time in seconds; the real clock when null
     * @param (\Closure(): float)|null $random a number in [0, 1); PHP's RNG when null
     */
    public function __construct(?\Closure $now = null, ?\Closure $random = null)
    {
        $this->now = $now ?? static fn (): float => microtime(true);
        $this->random = $random ?? static fn (): float => mt_rand() / (mt_getrandmax() + 1);
    }

    /**
     * Seconds to wait before retry number `$retryNumber` (1 for the first), or null when the
     * failure is not retried. Retried: connection failures, timeouts, 408, 429 and 5xx, for every
     * method (POSTs carry an Idempotency-Key, so a retry never acts twice). The wait doubles from
     * 0.5 s up to 8 s, less up to 25% jitter; on 429 and 503 `Retry-After` decides instead, or
     * without it `X-RateLimit-Reset` when `X-RateLimit-Remaining` is `0` and the reset is still
     * ahead. A `Retry-After` above a minute is not waited for.
     * The figures are the contract's (`ClientPolicy`).
     *
     * @param int|null $status null when no answer arrived (a connection error or a timeout)
     * @param array<string, string> $headers lower-case names
     */
    public function delay(?int $status, array $headers, int $retryNumber): ?float
    {
        if ($status === null) {
            return $this->backoff($retryNumber);
        }
        if (!\in_array($status, ClientPolicy::RETRY_STATUSES, true) && ($status < 500 || $status > 599)) {
            return null;
        }
        $longest = ClientPolicy::RETRY_MAX_SERVER_WAIT_SECONDS;
        $retryAfter = isset($headers['retry-after']) ? $this->waitOf($headers['retry-after'], false) : null;
        if ($retryAfter !== null && $retryAfter > $longest) {
            return null;
        }
        if (\in_array($status, ClientPolicy::RETRY_SERVER_WAIT_STATUSES, true)) {
            $serverWait = $retryAfter ?? $this->spentLimitWait($headers);
            if ($serverWait !== null) {
                return min($serverWait, $longest);
            }
        }
        return $this->backoff($retryNumber);
    }

    private function backoff(int $retryNumber): float
    {
        // Doubling stops at the cap, so a late retry cannot overflow the power.
        $doublings = min($retryNumber - 1, 32);
        $base = min(ClientPolicy::RETRY_INITIAL_DELAY_SECONDS * 2 ** $doublings, ClientPolicy::RETRY_MAX_DELAY_SECONDS);
        return $base * (1 - ($this->random)() * ClientPolicy::RETRY_JITTER);
    }

    /**
     * The wait `X-RateLimit-Reset` asks for, only when `X-RateLimit-Remaining` is `0` (the limit is
     * spent) and the reset lies ahead. While requests remain the reset is "now", which says nothing
     * about an outage: clients that all retried at once would hit the service in step.
     *
     * @param array<string, string> $headers lower-case names
     */
    private function spentLimitWait(array $headers): ?float
    {
        if (!isset($headers['x-ratelimit-reset']) || trim($headers['x-ratelimit-remaining'] ?? '') !== '0') {
            return null;
        }
        $wait = $this->waitOf($headers['x-ratelimit-reset'], true);
        return $wait !== null && $wait > 0 ? $wait : null;
    }

    /** A header's wait in seconds: seconds, an HTTP date, or (for reset headers) Unix seconds. */
    private function waitOf(string $value, bool $mayBeTimestamp): ?float
    {
        $value = trim($value);
        if ($value !== '' && ctype_digit($value)) {
            $seconds = (float) $value;
            // From 2024-01-01 on it is a Unix time, below it a number of seconds to wait.
            if ($mayBeTimestamp && $seconds >= ClientPolicy::RETRY_EARLIEST_RESET_TIMESTAMP_SECONDS) {
                return max(0.0, $seconds - ($this->now)());
            }
            return $seconds;
        }
        $at = self::httpDate($value);
        return $at === null ? null : max(0.0, $at - ($this->now)());
    }

    /** Unix seconds of an HTTP date, or null for anything else (strtotime() would read "-5" or "soon" too). */
    private static function httpDate(string $value): ?float
    {
        $date = \DateTimeImmutable::createFromFormat(self::HTTP_DATE_FORMAT, $value, new \DateTimeZone('UTC'));
        $problems = \DateTimeImmutable::getLastErrors();
        $clean = $problems === false || ($problems['warning_count'] === 0 && $problems['error_count'] === 0);
        return $date !== false && $clean ? (float) $date->getTimestamp() : null;
    }
}
