<?php

declare(strict_types=1);

namespace Rankquill\Testing;

/**
 * PHPUnit helper: one mock server per test class, started before its first test and stopped
 * after its last, and a fresh account and project of its own for every test in `$this->mock`,
 * whose faults (`$this->mock->fail()`, `delay()`, `disconnect()`) are removed after the test.
 * Works with PHPUnit 9 (annotations) and 10+ (attributes).
 *
 * @example
 * final class PublishTest extends \PHPUnit\Framework\TestCase
 * {
 *     use \Rankquill\Testing\UsesMockServer;
 *
 *     public function testDraftAfterGeneration(): void
 *     {
 *         $client = $this->mock->client();
 *         $article = $client->content->create($this->mock->projectId, ['keyword' => 'cold brew']);
 *         $this->mock->advance(90);
 *         self::assertSame('draft', $client->content->retrieve($this->mock->projectId, $article->id)->status);
 *     }
 * }
 */
trait UsesMockServer
{
    /** The class's server; override mockServerOptions() to pass MockServer::start() options. */
    protected static ?MockServer $mockServer = null;
    /** A fresh account and project on the class's server, new for every test. */
    protected MockServer $mock;

    /**
     * Options for MockServer::start().
     *
     * @return array{clock?: string, seed?: int, arguments?: list<string>, command?: string, timeout?: float}
     */
    protected static function mockServerOptions(): array
    {
        return [];
    }

    /**
     * @beforeClass
     *
     * @example
     * public static function setUpBeforeClass(): void
     * {
     *     self::startMockServer();
     * }
     */
    #[\PHPUnit\Framework\Attributes\BeforeClass]
    public static function startMockServer(): void
    {
        static::$mockServer = MockServer::start(static::mockServerOptions());
    }

    /**
     * @afterClass
     *
     * @example
     * public static function tearDownAfterClass(): void
     * {
     *     self::stopMockServer();
     * }
     */
    #[\PHPUnit\Framework\Attributes\AfterClass]
    public static function stopMockServer(): void
    {
        static::$mockServer?->stop();
        static::$mockServer = null;
    }

    /** @before */
    #[\PHPUnit\Framework\Attributes\Before]
    protected function createMockAccount(): void
    {
        if (static::$mockServer === null) {
            throw new MockServerException('The mock server of ' . static::class . ' did not start.');
        }
        $this->mock = static::$mockServer->freshAccount();
    }

    /**
     * Removes the faults the test made on `$this->mock`'s account, so that none outlives it (a
     * fault with `times: null` would otherwise stay on the class's server). Faults on another
     * handle (`freshAccount()`) are that handle's to clear.
     *
     * @after
     */
    #[\PHPUnit\Framework\Attributes\After]
    protected function clearMockFaults(): void
    {
        if (isset($this->mock) && static::$mockServer !== null) {
            $this->mock->clearFaults();
        }
    }
}
