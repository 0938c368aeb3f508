<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * 409: the resource's state does not allow the call (publishing an article that is still
 * generating), or an `Idempotency-Key` was reused with another request.
 *
 * @example
 * try {
 *     $client->content->publish($projectId, $generatingId);
 * } catch (ConflictException $e) {
 *     echo $e->getMessage();
 * }
 */
class ConflictException extends ApiException
{
}
