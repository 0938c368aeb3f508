<?php

declare(strict_types=1);

namespace Rankquill\Testing;

use Rankquill\Exception\RankquillException;

/**
 * The mock server could not be found, did not start, or refused an admin call. The message
 * names what is missing and the command that installs it, or repeats the server's answer; `status`
 * is the HTTP status of a refused admin call (null otherwise).
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
    /**
     * @example
     * throw new MockServerException('The mock server answered 404 to DELETE /__admin/faults/flt_1: …', 404);
     *
     * @param int|null $status the status of the admin call the server refused; null when no call was answered
     */
    public function __construct(string $message, public readonly ?int $status = null)
    {
        parent::__construct($message);
    }
}
