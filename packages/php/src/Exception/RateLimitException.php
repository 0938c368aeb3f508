<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * 429: the account's hourly request limit is used up. The client already waited and retried
 * as `Retry-After` said, unless it asked for more than a minute.
 *
 * @example
 * try {
 *     $client->projects->list();
 * } catch (RateLimitException $e) {
 *     sleep($e->getRetryAfter() ?? 60);
 * }
 */
class RateLimitException extends ApiException
{
    /**
     * Seconds to wait before the next request, from `Retry-After`; null when absent.
     *
     * @example
     * $seconds = $e->getRetryAfter();
     */
    public function getRetryAfter(): ?int
    {
        $value = trim($this->getHeaders()['retry-after'] ?? '');
        if ($value === '') {
            return null;
        }
        if (ctype_digit($value)) {
            return (int) $value;
        }
        $at = strtotime($value);
        return $at === false ? null : max(0, $at - time());
    }
}
