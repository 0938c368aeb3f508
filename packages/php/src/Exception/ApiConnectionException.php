<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * No answer arrived: the connection failed (DNS, refused, reset), or a download broke off.
 * Failed connections are retried `max_retries` times first.
 *
 * @example
 * try {
 *     $client->projects->list();
 * } catch (ApiConnectionException $e) {
 *     error_log('Rankquill is unreachable: ' . $e->getMessage());
 * }
 */
class ApiConnectionException extends \RuntimeException implements RankquillException
{
}
