<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * 5xx: the service failed. The client already retried it `max_retries` times.
 *
 * @example
 * try {
 *     $client->projects->list(); // during an outage
 * } catch (InternalServerException $e) {
 *     echo $e->getMessage();
 * }
 */
class InternalServerException extends ApiException
{
}
