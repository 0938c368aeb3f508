<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * 404: no such resource in your account (another account's project answers 404 too).
 *
 * @example
 * try {
 *     $client->projects->retrieve('proj_unknown');
 * } catch (NotFoundException $e) {
 *     echo $e->getMessage();
 * }
 */
class NotFoundException extends ApiException
{
}
