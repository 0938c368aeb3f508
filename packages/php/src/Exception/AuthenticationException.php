<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * 401: the API key is missing, unknown or replaced, or a download link expired.
 *
 * @example
 * try {
 *     new RankquillClient(['api_key' => 'rq_wrong', 'base_url' => $url]);
 * } catch (AuthenticationException $e) {
 *     echo $e->getMessage();
 * }
 */
class AuthenticationException extends ApiException
{
}
