<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * The answer could not be read: a body that is not JSON where JSON was due (often a base URL
 * that points somewhere other than the Rankquill API), or an export that is not ready to download.
 *
 * @example
 * try {
 *     $client->exports->download($export);
 * } catch (UnexpectedValueException $e) {
 *     echo $e->getMessage();
 * }
 */
class UnexpectedValueException extends \UnexpectedValueException implements RankquillException
{
}
