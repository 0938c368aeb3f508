<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

use PHPUnit\Framework\TestCase;

/**
 * A test against the shared reference server, reset to its seeded state (clock included)
 * before each test.
 */
abstract class ServerTestCase extends TestCase
{
    protected ReferenceServer $server;

    protected function setUp(): void
    {
        $this->server = ReferenceServer::shared();
        $this->server->reset();
    }

    /**
     * Runs `$call` and answers the exception it throws; fails when it throws none.
     *
     * @template T of \Throwable
     * @param class-string<T> $class
     * @return T
     */
    protected function thrownBy(callable $call, string $class): \Throwable
    {
        try {
            $call();
        } catch (\Throwable $error) {
            $this->assertInstanceOf($class, $error, (string) $error);
            return $error;
        }
        $this->fail("Expected {$class}, nothing was thrown.");
    }
}
