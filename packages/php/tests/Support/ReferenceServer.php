<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

use Rankquill\PublicArticles;
use Rankquill\RankquillClient;

/**
 * The real reference server, started once per test run from its CLI
 * (`node mock-server/dist/cli.js serve --port 0 --db :memory: --clock manual`), with the
 * addresses and demo keys of its ready line.
 */
final class ReferenceServer
{
    public const SEED = 7;

    private static ?self $shared = null;
    private static ?self $realClock = null;

    public readonly string $url;
    public readonly string $apiBaseUrl;
    public readonly string $contentApiUrl;
    public readonly string $apiKey;
    public readonly string $projectId;
    public readonly string $publicApiKey;

    private function __construct(private readonly ChildProcess $process)
    {
        $ready = json_decode($process->firstLine(), true, 512, JSON_THROW_ON_ERROR);
        $this->url = $ready['url'];
        $this->apiBaseUrl = $ready['api_base_url'];
        $this->contentApiUrl = $ready['content_api_url'];
        $this->apiKey = $ready['demo']['api_key'];
        $this->projectId = $ready['demo']['project_id'];
        $this->publicApiKey = $ready['demo']['public_api_key'];
    }

    public static function shared(): self
    {
        if (self::$shared === null || !self::$shared->process->isRunning()) {
            self::$shared = self::start('manual');
        }
        return self::$shared;
    }

    /**
     * A second server, on the real clock (`--clock real`): it sends no `x-rankquill-clock` header,
     * and its time moves by itself. Started on first use.
     */
    public static function realClock(): self
    {
        if (self::$realClock === null || !self::$realClock->process->isRunning()) {
            self::$realClock = self::start('real');
        }
        return self::$realClock;
    }

    /**
     * A server of its own, for the samples of one guide: the default seed (as docs/test starts
     * it), the `$clock` given; stop it with `stop()`.
     */
    public static function forSamples(string $clock): self
    {
        return self::start($clock, null);
    }

    public function stop(): void
    {
        $this->process->stop();
    }

    private static function start(string $clock, ?int $seed = self::SEED): self
    {
        $cli = self::repositoryRoot() . '/mock-server/dist/cli.js';
        if (!is_file($cli)) {
            throw new \RuntimeException("{$cli} is missing: run `pnpm run build` at the repository root first.");
        }
        $logs = sys_get_temp_dir() . '/rankquill-php-tests-' . getmypid() . "-{$clock}";
        $server = new self(new ChildProcess(
            [getenv('RANKQUILL_NODE') ?: 'node', $cli, 'serve', '--port', '0', '--db', ':memory:',
                '--clock', $clock, ...($seed === null ? [] : ['--seed', (string) $seed])],
            "{$logs}-server.out",
            "{$logs}-server.err",
        ));
        register_shutdown_function(static function () use ($logs): void {
            @unlink("{$logs}-server.out");
            @unlink("{$logs}-server.err");
        });
        return $server;
    }

    public static function repositoryRoot(): string
    {
        return dirname(__DIR__, 4);
    }

    /**
     * A client of this server with the demo key, no retry waits unless asked.
     *
     * @param array<string, mixed> $config
     */
    public function client(array $config = []): RankquillClient
    {
        return new RankquillClient($config + ['api_key' => $this->apiKey, 'base_url' => $this->apiBaseUrl]);
    }

    /** @param array<string, mixed> $config */
    public function publicArticles(array $config = []): PublicArticles
    {
        return new PublicArticles($config + ['api_key' => $this->publicApiKey, 'base_url' => $this->contentApiUrl]);
    }

    /** Restores the seeded state, clock included. */
    public function reset(): void
    {
        $this->admin('POST', '/reset', []);
    }

    /** Moves the manual clock; work that falls due runs before it answers. */
    public function advance(float $seconds): void
    {
        $this->admin('POST', '/clock/advance', ['seconds' => $seconds]);
    }

    /** A new account's main API key. */
    public function createAccount(string $plan = 'essential', ?int $rateLimit = null): string
    {
        $body = ['plan' => $plan] + ($rateLimit === null ? [] : ['rate_limit' => $rateLimit]);
        return $this->admin('POST', '/accounts', $body)['api_key'];
    }

    /**
     * @param array<string, mixed>|null $body
     * @return array<string, mixed>
     */
    public function admin(string $method, string $path, ?array $body): array
    {
        $curl = curl_init($this->url . '/__admin' . $path);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => ['content-type: application/json'],
            CURLOPT_POSTFIELDS => $body === null ? null : json_encode($body === [] ? new \stdClass() : $body),
            CURLOPT_TIMEOUT => 60,
        ]);
        $text = curl_exec($curl);
        $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        if (!\is_string($text) || $status < 200 || $status > 299) {
            throw new \RuntimeException("admin {$path} answered {$status}: " . var_export($text, true));
        }
        return json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    }
}
