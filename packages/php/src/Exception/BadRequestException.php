<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * 400: the request was malformed or a field was invalid; `getParam()` names the field.
 *
 * @example
 * try {
 *     $client->projects->create(['name' => '']);
 * } catch (BadRequestException $e) {
 *     echo $e->getMessage();
 * }
 */
class BadRequestException extends ApiException
{
}
