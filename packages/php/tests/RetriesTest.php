<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use Rankquill\Exception\ApiException;
use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\ConflictException;
use Rankquill\Exception\InternalServerException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Exception\RateLimitException;
use Rankquill\Exception\UnexpectedValueException;
use Rankquill\Model\Project;
use Rankquill\RankquillClient;
use Rankquill\Tests\Support\MemoryLogger;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;

final class RetriesTest extends ServerTestCase
{
    private ScriptedServer $scripted;

    protected function setUp(): void
    {
        parent::setUp();
        $this->scripted = ScriptedServer::start([]);
    }

    protected function tearDown(): void
    {
        $this->scripted->stop();
    }

    /** @param array<string, mixed> $config */
    private function client(array $config = []): RankquillClient
    {
        return $this->server->client($config + ['base_url' => $this->scripted->url . '/v1']);
    }

    private static function error(int $status, string $type = 'api_error', array $headers = []): array
    {
        return [
            'status' => $status,
            'headers' => ['content-type' => 'application/json', 'x-request-id' => "req_{$status}"] + $headers,
            'body' => json_encode(['error' => [
                'type' => $type,
                'message' => "failed with {$status}",
                'request_id' => "req_{$status}",
            ]]),
        ];
    }

    public function testRetriesA5xxWithGrowingJitteredWaitsThenGivesUp(): void
    {
        $this->scripted->script([self::error(500), self::error(502), self::error(500)]);
        $started = microtime(true);
        $error = $this->thrownBy(fn () => $this->client()->projects->list(), InternalServerException::class);
        $elapsed = microtime(true) - $started;
        $this->assertSame(500, $error->getStatus());
        $this->assertSame('req_500', $error->getRequestId());
        $this->assertCount(3, $this->scripted->requests());
        // 0.5 s and 1 s, each less up to 25% jitter.
        $this->assertGreaterThanOrEqual(0.375 + 0.75, $elapsed);
        $this->assertLessThan(3.0, $elapsed);
    }

    public function testRetries408500And503AndAnswersTheFirstSuccess(): void
    {
        $this->scripted->script([
            self::error(408),
            self::error(503, 'api_error', ['retry-after' => '0']),
            self::error(500),
            ['forward' => $this->server->url],
        ]);
        $project = $this->client(['max_retries' => 3])->projects->retrieve($this->server->projectId);
        $this->assertInstanceOf(Project::class, $project);
        $this->assertSame($this->server->projectId, $project->id);
        $this->assertCount(4, $this->scripted->requests());
    }

    public function testWaitsAsLongAsRetryAfterSaysOnA429(): void
    {
        $this->scripted->script([
            self::error(429, 'rate_limit_error', ['retry-after' => '1']),
            ['forward' => $this->server->url],
        ]);
        $started = microtime(true);
        $this->client()->projects->retrieve($this->server->projectId);
        $this->assertGreaterThanOrEqual(1.0, microtime(true) - $started);
    }

    public function testWaitsUntilXRateLimitResetOnA429WithoutRetryAfterWhenTheLimitIsSpent(): void
    {
        $reset = time() + 2;
        $this->scripted->script([
            self::error(429, 'rate_limit_error', [
                'x-ratelimit-remaining' => '0',
                'x-ratelimit-reset' => (string) $reset,
            ]),
            ['forward' => $this->server->url],
        ]);
        $this->client()->projects->retrieve($this->server->projectId);
        $this->assertGreaterThanOrEqual($reset - 0.05, microtime(true));
    }

    public function testA503WithRequestsRemainingBacksOffThoughItsResetIsNow(): void
    {
        // Every answer carries the rate-limit headers; while requests remain the reset is "now",
        // which must not turn an outage into retries at once (every client in step).
        $this->scripted->script([
            self::error(503, 'api_error', ['x-ratelimit-remaining' => '5', 'x-ratelimit-reset' => (string) time()]),
            ['forward' => $this->server->url],
        ]);
        $started = microtime(true);
        $this->client()->projects->retrieve($this->server->projectId);
        // The first backoff (0.5 s) less at most its 25% jitter.
        $this->assertGreaterThanOrEqual(0.375, microtime(true) - $started);
        $this->assertCount(2, $this->scripted->requests());
    }

    public function testRetryAfterWinsOverASpentLimitsReset(): void
    {
        $this->scripted->script([
            self::error(503, 'api_error', [
                'retry-after' => '1',
                'x-ratelimit-remaining' => '0',
                'x-ratelimit-reset' => (string) (time() + 30),
            ]),
            ['forward' => $this->server->url],
        ]);
        $started = microtime(true);
        $this->client()->projects->retrieve($this->server->projectId);
        $waited = microtime(true) - $started;
        $this->assertGreaterThanOrEqual(1.0, $waited);
        $this->assertLessThan(5.0, $waited);
    }

    public function testThrowsRateLimitExceptionWithRetryAfterWhenTheRetriesRunOut(): void
    {
        $limited = self::error(429, 'rate_limit_error', ['retry-after' => '0']);
        $this->scripted->script([$limited, $limited, $limited]);
        $error = $this->thrownBy(fn () => $this->client()->projects->list(), RateLimitException::class);
        $this->assertSame(0, $error->getRetryAfter());
        $this->assertSame('rate_limit_error', $error->getType());
        $this->assertCount(3, $this->scripted->requests());
    }

    public function testARetryAfterBeyondAMinuteIsNotWaitedFor(): void
    {
        $this->scripted->script([self::error(429, 'rate_limit_error', ['retry-after' => '3600'])]);
        $started = microtime(true);
        $error = $this->thrownBy(fn () => $this->client()->projects->list(), RateLimitException::class);
        $this->assertSame(3600, $error->getRetryAfter());
        $this->assertLessThan(1.0, microtime(true) - $started);
        $this->assertCount(1, $this->scripted->requests());
    }

    public function testTheRealServersRateLimitAnswersRateLimitException(): void
    {
        $key = $this->server->createAccount('enterprise', 2);
        $client = $this->server->client(['api_key' => $key, 'max_retries' => 0]);
        $client->projects->list();
        $client->projects->list();
        $error = $this->thrownBy(fn () => $client->projects->list(), RateLimitException::class);
        $this->assertSame(429, $error->getStatus());
        $this->assertGreaterThan(0, $error->getRetryAfter());
        $this->assertSame('0', $error->getHeaders()['x-ratelimit-remaining']);
    }

    public function testDoesNotRetryA4xxOtherThan408And429(): void
    {
        $classes = [
            400 => BadRequestException::class,
            404 => NotFoundException::class,
            409 => ConflictException::class,
            422 => ApiException::class,
        ];
        foreach ($classes as $status => $class) {
            $this->scripted->script([self::error($status), ['forward' => $this->server->url]]);
            $error = $this->thrownBy(fn () => $this->client()->projects->list(), $class);
            $this->assertSame($class, $error::class);
            $this->assertCount(1, $this->scripted->requests());
        }
    }

    public function testHonoursMaxRetriesPerCallAndZeroTurnsRetriesOff(): void
    {
        $this->scripted->script([
            self::error(503, 'api_error', ['retry-after' => '0']),
            ['forward' => $this->server->url],
        ]);
        $this->thrownBy(fn () => $this->client(['max_retries' => 0])->projects->list(), InternalServerException::class);
        $this->assertCount(1, $this->scripted->requests());

        $this->scripted->script([
            self::error(503, 'api_error', ['retry-after' => '0']),
            ['forward' => $this->server->url],
        ]);
        $this->client(['max_retries' => 0])->projects->list([], ['max_retries' => 1]);
        $this->assertCount(2, $this->scripted->requests());
    }

    public function testSendsOneIdempotencyKeyOnEveryAttemptOfAPostAndANewOnePerCall(): void
    {
        $unavailable = self::error(503, 'api_error', ['retry-after' => '0']);
        $this->scripted->script([$unavailable, ['forward' => $this->server->url], ['forward' => $this->server->url]]);
        $client = $this->client();
        $client->projects->create(['name' => 'Keyed', 'domain' => 'keyed.example']);
        $client->projects->create(['name' => 'Keyed 2', 'domain' => 'keyed2.example']);
        $keys = array_map(fn (array $request) => $request['headers']['idempotency-key'], $this->scripted->requests());
        $this->assertSame($keys[0], $keys[1]);
        $this->assertNotSame($keys[0], $keys[2]);
        $this->assertSame('application/json', $this->scripted->requests()[0]['headers']['content-type']);
    }

    public function testNeverSendsAnIdempotencyKeyOnGetPutOrDelete(): void
    {
        $forward = ['forward' => $this->server->url];
        $this->scripted->script([$forward, $forward, $forward, $forward]);
        $client = $this->client();
        $project = $client->projects->create(['name' => 'Plain', 'domain' => 'plain.example']);
        $client->projects->retrieve($project->id);
        $client->projects->update($project->id, ['name' => 'Plainer']);
        $client->projects->delete($project->id);
        $requests = $this->scripted->requests();
        $this->assertSame(['POST', 'GET', 'PUT', 'DELETE'], array_column($requests, 'method'));
        foreach (array_slice($requests, 1) as $request) {
            $this->assertArrayNotHasKey('idempotency-key', $request['headers']);
        }
        $this->assertSame("Bearer {$this->server->apiKey}", $requests[1]['headers']['authorization']);
        $this->assertStringStartsWith(
            'rankquill-php/' . RankquillClient::VERSION,
            $requests[1]['headers']['user-agent'],
        );
    }

    public function testSendsDefaultAndPerCallHeadersAndNullRemovesOne(): void
    {
        $forward = ['forward' => $this->server->url];
        $this->scripted->script([$forward, $forward]);
        $client = $this->client(['default_headers' => ['X-Team' => 'growth', 'User-Agent' => 'my-app/1.0']]);
        $client->projects->retrieve($this->server->projectId);
        $client->projects->retrieve($this->server->projectId, ['headers' => ['x-team' => null, 'X-Trace' => 'abc']]);
        [$first, $second] = $this->scripted->requests();
        $this->assertSame(['growth', 'my-app/1.0'], [$first['headers']['x-team'], $first['headers']['user-agent']]);
        $this->assertArrayNotHasKey('x-team', $second['headers']);
        $this->assertSame('abc', $second['headers']['x-trace']);
    }

    public function testReportsRetriesAndFailuresToTheLoggerWithoutTheKey(): void
    {
        $unavailable = self::error(503, 'api_error', ['retry-after' => '0']);
        $this->scripted->script([$unavailable, $unavailable, $unavailable]);
        $logger = new MemoryLogger();
        $this->thrownBy(
            fn () => $this->client(['logger' => $logger])->projects->list(),
            InternalServerException::class,
        );
        $this->assertSame(['info', 'info', 'warning'], array_column($logger->records, 'level'));
        $this->assertSame('Retrying the Rankquill API request', $logger->records[0]['message']);
        $this->assertSame(['GET', 1, 'status 503'], [
            $logger->records[0]['context']['method'],
            $logger->records[0]['context']['retry'],
            $logger->records[0]['context']['reason'],
        ]);
        $this->assertSame(InternalServerException::class, $logger->records[2]['context']['error']);
        $this->assertStringNotContainsString($this->server->apiKey, json_encode($logger->records));
    }

    public function testExplainsANonJsonErrorBodyAndANonJsonSuccessBody(): void
    {
        $this->scripted->script([
            ['status' => 502, 'headers' => ['content-type' => 'text/html'], 'body' => '<h1>Bad gateway</h1>'],
            [
                'status' => 200,
                'headers' => ['content-type' => 'text/html', 'x-request-id' => 'req_html'],
                'body' => '<h1>Welcome</h1>',
            ],
        ]);
        $client = $this->client(['max_retries' => 0]);
        $error = $this->thrownBy(fn () => $client->projects->list(), InternalServerException::class);
        $this->assertSame('502: <h1>Bad gateway</h1>', $error->getMessage());
        $this->assertSame('<h1>Bad gateway</h1>', $error->getBody());
        $notJson = $this->thrownBy(fn () => $client->projects->list(), UnexpectedValueException::class);
        $this->assertStringContainsString('req_html', $notJson->getMessage());
        $this->assertStringContainsString('base_url', $notJson->getMessage());
    }
}
