<?php

declare(strict_types=1);

namespace Rankquill\Testing;

use Rankquill\Model\Delivery;
use Rankquill\PublicArticles;
use Rankquill\RankquillClient;

/**
 * The Rankquill mock server for a test suite: `rankquill-mock serve` on a free port with the
 * manual clock and an in-memory store, and on it a fresh account and project of your own, so
 * that tests never see each other's data.
 *
 * The command is found in this order: the `command` option or `RANKQUILL_MOCK_COMMAND`, the
 * `@rankquill/mock-server` in `node_modules`, then `npx`, pinned to the version this package goes
 * with (both need Node 22.13+ on `PATH`). The server is stopped by `stop()` or when PHP exits,
 * and stops by itself when this PHP process is killed (`RANKQUILL_EXIT_ON_STDIN_CLOSE=1`, the
 * variable of `serve --exit-on-stdin-close`).
 *
 * Options: `clock` (`manual`, default, or `real`), `seed` (default 42), `arguments` (more
 * `serve` flags), `command`, `timeout` (seconds to wait for the server, default 30), `project`
 * (fields of the project created for you, merged over a name and a domain).
 *
 * @example
 * $mock = \Rankquill\Testing\MockServer::start();
 * $client = $mock->client();
 * $article = $client->content->create($mock->projectId, ['keyword' => 'cold brew ratio']);
 * $mock->advance(90); // generation is due 80 s after creation
 * echo $client->content->retrieve($mock->projectId, $article->id)->status; // draft
 * $mock->stop();
 */
final class MockServer
{
    use TestDoubleVerbs;

    /** Root address of the server, such as `http://127.0.0.1:41877`. */
    public readonly string $url;
    /** Main API address, ending in `/v1`: the client's `base_url`. */
    public readonly string $baseUrl;
    /** Public article API address: the `base_url` of PublicArticles. */
    public readonly string $contentApiUrl;

    /**
     * @param MockServerProcess $process shared by every account handle of one server
     * @param array<string, mixed> $ready the server's ready line
     */
    private function __construct(
        private readonly MockServerProcess $process,
        array $ready,
        /** Main API key of this handle's account. */
        public readonly string $apiKey,
        /** Id of this handle's project. */
        public readonly string $projectId,
        /** Public article API key of this handle's project. */
        public readonly string $publicApiKey,
    ) {
        $this->url = (string) $ready['url'];
        $this->baseUrl = (string) $ready['api_base_url'];
        $this->contentApiUrl = (string) $ready['content_api_url'];
    }

    /**
     * Starts a server and makes a fresh account and project on it.
     *
     * @example
     * $mock = MockServer::start(['seed' => 7, 'arguments' => ['--log-requests']]);
     *
     * @param array{
     *     clock?: string, seed?: int, arguments?: list<string>, command?: string, timeout?: float,
     *     project?: array<string, mixed>
     * } $options
     */
    public static function start(array $options = []): self
    {
        $arguments = ['serve', '--port', '0', '--db', ':memory:', '--clock', $options['clock'] ?? 'manual',
            '--seed', (string) ($options['seed'] ?? 42), ...($options['arguments'] ?? [])];
        $started = microtime(true);
        $process = new MockServerProcess(MockServerCommand::find($arguments, $options['command'] ?? null));
        $ready = $process->readyLine(max(0.0, (float) ($options['timeout'] ?? 30.0) - (microtime(true) - $started)));
        return self::withAccount($process, $ready, $options['project'] ?? []);
    }

    /**
     * Another fresh account and project on the same server (no new process): give one to each
     * test so that tests run in any order.
     *
     * @example
     * $other = $mock->freshAccount(['name' => 'Second site']);
     *
     * @param array<string, mixed> $project fields of the project, merged over a name and a domain
     */
    public function freshAccount(array $project = []): self
    {
        return self::withAccount($this->process, $this->readyLine(), $project);
    }

    /**
     * A client of the main API with this account's key.
     *
     * @example
     * $projects = $mock->client(['max_retries' => 0])->projects->list()->data;
     *
     * @param array<string, mixed> $config more client options
     */
    public function client(array $config = []): RankquillClient
    {
        return new RankquillClient($config + ['api_key' => $this->apiKey, 'base_url' => $this->baseUrl]);
    }

    /**
     * A client of the public article API with this project's key.
     *
     * @example
     * $articles = $mock->publicArticles()->list(['limit' => 5]);
     *
     * @param array<string, mixed> $config more client options
     */
    public function publicArticles(array $config = []): PublicArticles
    {
        return new PublicArticles($config + ['api_key' => $this->publicApiKey, 'base_url' => $this->contentApiUrl]);
    }

    /**
     * Moves the manual clock; everything that falls due in the span (generation, webhook
     * retries, rank checks) runs, in time order, before it returns. Answers the new time.
     *
     * @example
     * $now = $mock->advance(60); // "2026-01-01T00:01:00.000Z"
     */
    public function advance(float $seconds): string
    {
        return (string) AdminCall::send($this->url, 'admin.clock.advance', ['seconds' => $seconds])['now'];
    }

    /**
     * The server clock's current instant.
     *
     * @example
     * $mock->advance(30);
     * echo $mock->now(); // 2026-01-01T00:00:30.000Z
     */
    public function now(): string
    {
        return (string) AdminCall::send($this->url, 'admin.clock.retrieve')['now'];
    }

    /**
     * Restores the server's seeded state, clock included: every account's data goes, this
     * handle's too. Answers a handle on a fresh account and project of the same server.
     *
     * @example
     * $mock = $mock->reset();
     *
     * @param array<string, mixed> $project fields of the new project, merged over a name and a domain
     */
    public function reset(array $project = []): self
    {
        AdminCall::send($this->url, 'admin.reset', []);
        return $this->freshAccount($project);
    }

    /**
     * Every webhook delivery of this project, newest first, each with its attempts.
     *
     * @example
     * $delivery = $mock->deliveries()[0];
     * echo $delivery->event, ' ', $delivery->status; // content.published succeeded
     *
     * @return list<Delivery>
     */
    public function deliveries(): array
    {
        $deliveries = [];
        $page = $this->client()->deliveries->list($this->projectId, ['limit' => 100]);
        foreach ($page->autoPagingIterator() as $delivery) {
            $deliveries[] = $delivery;
        }
        return $deliveries;
    }

    /**
     * Stops the server process (every account handle of it). Called at exit too.
     *
     * @example
     * $mock = MockServer::start();
     * $mock->stop();
     */
    public function stop(): void
    {
        $this->process->stop();
    }

    /** @param array<string, mixed> $project */
    private static function withAccount(MockServerProcess $process, array $ready, array $project): self
    {
        $apiKey = (string) AdminCall::send($ready['url'], 'admin.accounts.create', ['plan' => 'agencies'])['api_key'];
        $number = bin2hex(random_bytes(4));
        $client = new RankquillClient(['api_key' => $apiKey, 'base_url' => $ready['api_base_url']]);
        $created = $client->projects->create(
            $project + ['name' => "Test project {$number}", 'domain' => "test-{$number}.example"],
        );
        return new self($process, $ready, $apiKey, $created->id, (string) $created['public_api_key']);
    }

    /** @return array<string, mixed> */
    private function readyLine(): array
    {
        return ['url' => $this->url, 'api_base_url' => $this->baseUrl, 'content_api_url' => $this->contentApiUrl];
    }
}
