<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * No answer arrived within `timeout` seconds, on every attempt.
 *
 * @example
 * try {
 *     $client->projects->list([], ['timeout' => 2]);
 * } catch (TimeoutException $e) {
 *     echo $e->getMessage();
 * }
 */
class TimeoutException extends ApiConnectionException
{
}
