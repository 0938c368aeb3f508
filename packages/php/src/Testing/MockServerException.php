<?php

declare(strict_types=1);

namespace Rankquill\Testing;

use Rankquill\Exception\RankquillException;

/**
 * The mock server could not be found, did not start, or refused an admin call. The message
 * names what is missing and the command that installs it.
 *
 * @example
 * try {
 *     $mock = \Rankquill\Testing\MockServer::start();
 * } catch (\Rankquill\Testing\MockServerException $e) {
 *     fwrite(STDERR, $e->getMessage()); // "… npm install --save-dev @rankquill/mock-server …"
 * }
 */
final class MockServerException extends \RuntimeException implements RankquillException
{
}
