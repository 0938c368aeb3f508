<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * A call was made with an argument the client refuses before sending anything: a missing API
 * key, an unknown option, a path id that is empty, `.` or `..`. The message names the argument
 * and what to pass instead.
 *
 * @example
 * try {
 *     $client->projects->retrieve('');
 * } catch (InvalidArgumentException $e) {
 *     echo $e->getMessage(); // names $projectId
 * }
 */
class InvalidArgumentException extends \InvalidArgumentException implements RankquillException
{
}
