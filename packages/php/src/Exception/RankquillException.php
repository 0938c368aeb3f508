<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * Implemented by every exception this library throws, so one `catch` takes them all.
 *
 * @example
 * try {
 *     $client->projects->retrieve('proj_123');
 * } catch (\Rankquill\Exception\RankquillException $e) {
 *     error_log($e->getMessage());
 * }
 */
interface RankquillException extends \Throwable
{
}
