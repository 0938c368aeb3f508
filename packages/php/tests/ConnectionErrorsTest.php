<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\ApiConnectionException;
use Rankquill\Exception\RankquillException;
use Rankquill\Exception\TimeoutException;
use Rankquill\RankquillClient;
use Rankquill\Tests\Support\ChildProcess;
use Rankquill\Tests\Support\ScriptedServer;

final class ConnectionErrorsTest extends TestCase
{
    public function testThrowsApiConnectionExceptionWhenNothingListensAfterRetrying(): void
    {
        $port = ChildProcess::freePort();
        $client = new RankquillClient([
            'api_key' => 'rq_test_key',
            'base_url' => "http://127.0.0.1:{$port}/v1",
            'max_retries' => 1,
        ]);
        $started = microtime(true);
        try {
            $client->projects->list();
            $this->fail('no exception');
        } catch (ApiConnectionException $error) {
            $this->assertNotInstanceOf(TimeoutException::class, $error);
            $this->assertInstanceOf(RankquillException::class, $error);
            $this->assertStringContainsString(
                "Could not reach the Rankquill API at http://127.0.0.1:{$port}",
                $error->getMessage(),
            );
            $this->assertStringContainsString('(retried 1 time)', $error->getMessage());
        }
        $this->assertGreaterThanOrEqual(0.375, microtime(true) - $started);

        $once = new RankquillClient([
            'api_key' => 'rq_test_key',
            'base_url' => "http://127.0.0.1:{$port}/v1",
            'max_retries' => 0,
        ]);
        try {
            $once->projects->list();
            $this->fail('no exception');
        } catch (ApiConnectionException $error) {
            $this->assertStringNotContainsString('retried', $error->getMessage());
        }
    }

    public function testThrowsTimeoutExceptionWhenEveryAttemptOutlastsTheTimeout(): void
    {
        $slow = ['status' => 200, 'body' => '{}', 'delay_ms' => 1500];
        $server = ScriptedServer::start([$slow, $slow]);
        try {
            $client = new RankquillClient([
                'api_key' => 'k',
                'base_url' => $server->url . '/v1',
                'timeout' => 0.3,
                'max_retries' => 1,
            ]);
            $started = microtime(true);
            try {
                $client->projects->list();
                $this->fail('no exception');
            } catch (TimeoutException $error) {
                $this->assertSame(
                    'The Rankquill API did not answer within 0.3 s (retried 1 time). Raise the timeout option (per '
                    . 'client or per call) if the call needs longer.',
                    $error->getMessage(),
                );
            }
            $this->assertLessThan(1.5, microtime(true) - $started);
            $this->assertCount(2, $server->requests());
        } finally {
            $server->stop();
        }
    }

    public function testTakesAPerCallTimeoutOverTheClientOne(): void
    {
        $server = ScriptedServer::start([[
            'status' => 200,
            'body' => '{"data": [], "pagination": {}}',
            'delay_ms' => 600,
        ]]);
        try {
            $client = new RankquillClient([
                'api_key' => 'k',
                'base_url' => $server->url . '/v1',
                'timeout' => 5,
                'max_retries' => 0,
            ]);
            $started = microtime(true);
            $this->expectException(TimeoutException::class);
            try {
                $client->projects->list([], ['timeout' => 0.2]);
            } finally {
                $this->assertLessThan(0.55, microtime(true) - $started);
            }
        } finally {
            $server->stop();
        }
    }
}
