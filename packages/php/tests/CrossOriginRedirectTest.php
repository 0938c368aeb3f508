<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\ApiException;
use Rankquill\Exception\CrossOriginRedirectException;
use Rankquill\PublicArticles;
use Rankquill\RankquillClient;
use Rankquill\Tests\Support\RecordingHttpClient;
use Rankquill\Tests\Support\ScriptedServer;

/**
 * No client follows a redirect, whatever `http_client` it is given: one to another origin throws
 * `CrossOriginRedirectException` naming both origins, and that origin (a second local server on
 * another port) receives nothing: no key, no webhook secret, no body, no signed link.
 */
final class CrossOriginRedirectTest extends TestCase
{
    private const API_KEY = 'sk_test_redirect_0123456789';
    private const PUBLIC_KEY = 'pk_test_redirect_0123456789';
    private const WEBHOOK_SECRET = 'whk_secret_never_elsewhere_42';
    private const SIGNATURE = 'sig_0123456789abcdef';

    private static ScriptedServer $api;
    private static ScriptedServer $other;

    public static function setUpBeforeClass(): void
    {
        require_once '/usr/share/php/GuzzleHttp/autoload.php';
        self::$api = ScriptedServer::start([]);
        self::$other = ScriptedServer::start([]);
    }

    public static function tearDownAfterClass(): void
    {
        self::$api->stop();
        self::$other->stop();
    }

    /** @return iterable<string, array{string, string, int}> */
    public static function cases(): iterable
    {
        $calls = [
            'projects->update with a webhook secret',
            'projects->list',
            'exports->download of a signed link',
            'public articles list',
        ];
        foreach ($calls as $call) {
            foreach (['curl (the default)', 'a user ClientInterface', 'Guzzle (PSR-18)'] as $client) {
                foreach ([301, 302, 303, 307, 308] as $status) {
                    yield "{$call}, {$client}, {$status}" => [$call, $client, $status];
                }
            }
        }
    }

    /** @dataProvider cases */
    public function testARedirectToAnotherOriginIsRefusedAndSendsItNothing(
        string $call,
        string $client,
        int $status,
    ): void {
        [$api, $other] = [self::$api, self::$other];
        $other->script([['status' => 200, 'body' => '{"data": []}']]);
        $api->script([['status' => $status, 'headers' => ['location' => "{$other->url}/v1/projects"], 'body' => '']]);
        $secret = [
            'projects->update with a webhook secret' => self::WEBHOOK_SECRET,
            'projects->list' => self::API_KEY,
            'exports->download of a signed link' => self::SIGNATURE,
            'public articles list' => self::PUBLIC_KEY,
        ][$call];

        try {
            $this->call($call, "{$api->url}/v1", self::httpClient($client));
            $this->fail('no exception for a redirect to another origin');
        } catch (CrossOriginRedirectException $error) {
            $this->assertSame([$status, $api->url, $other->url], [
                $error->getStatus(),
                $error->getFromOrigin(),
                $error->getToOrigin(),
            ]);
            $this->assertStringContainsString(
                "at {$api->url} answered {$status}, a redirect to another origin, {$other->url}: not followed",
                $error->getMessage(),
            );
            $this->assertStringNotContainsString($secret, $error->getMessage());
            $this->assertStringNotContainsString($secret, print_r($error, true));
        }
        $this->assertSame([], $other->requests());
        // One request, never retried: a redirect answers the same again.
        $this->assertCount(1, $api->requests());
        $this->assertStringContainsString($secret, json_encode($api->requests(), JSON_UNESCAPED_SLASHES));
    }

    public function testARedirectWithinTheOriginIsTheBaseUrlErrorAndNotFollowed(): void
    {
        $api = self::$api;
        $api->script([
            ['status' => 307, 'headers' => ['location' => '/elsewhere/v1/projects/proj_1'], 'body' => ''],
            ['status' => 200, 'body' => '{}'],
        ]);
        try {
            $this->call('projects->update with a webhook secret', "{$api->url}/v1", null);
            $this->fail('no exception for a redirect');
        } catch (ApiException $error) {
            $this->assertSame(307, $error->getStatus());
            $this->assertStringContainsString(
                'answered 307 (a redirect to /elsewhere/v1/projects/proj_1)',
                $error->getMessage(),
            );
        }
        $this->assertSame(['/v1/projects/proj_1'], array_column($api->requests(), 'path'));
    }

    /** @return iterable<string, array{string, string}> */
    public static function locations(): iterable
    {
        yield 'a default port' => ['https://api.example:443/v1/projects', 'https://api.example'];
        yield 'no scheme' => ['//Other.Example:8080/v1/projects', 'http://other.example:8080'];
        yield 'IPv6' => ['http://[::1]:4010/v1/projects', 'http://[::1]:4010'];
    }

    /** @dataProvider locations */
    public function testTheOtherOriginIsWrittenAsBrowsersWriteOrigins(string $location, string $origin): void
    {
        self::$api->script([['status' => 308, 'headers' => ['location' => $location], 'body' => '']]);
        try {
            $this->call('projects->list', self::$api->url . '/v1', null);
            $this->fail('no exception for a redirect to another origin');
        } catch (CrossOriginRedirectException $error) {
            $this->assertSame($origin, $error->getToOrigin());
        }
    }

    private static function httpClient(string $name): ?object
    {
        return match ($name) {
            'curl (the default)' => null,
            'a user ClientInterface' => new RecordingHttpClient(),
            'Guzzle (PSR-18)' => new \GuzzleHttp\Client(),
        };
    }

    private function call(string $call, string $baseUrl, ?object $httpClient): void
    {
        $config = ['api_key' => self::API_KEY, 'base_url' => $baseUrl, 'max_retries' => 2];
        if ($httpClient !== null) {
            $config['http_client'] = $httpClient;
        }
        match ($call) {
            'projects->update with a webhook secret' => (new RankquillClient($config))->projects->update(
                'proj_1',
                ['webhook' => ['url' => 'https://hooks.example/rankquill', 'secret' => self::WEBHOOK_SECRET]],
            ),
            'projects->list' => (new RankquillClient($config))->projects->list(),
            'exports->download of a signed link' => (new RankquillClient($config))->exports->download(
                "{$baseUrl}/exports/exp_1/download?expires=9999999999&signature=" . self::SIGNATURE,
            ),
            'public articles list' => (new PublicArticles([
                'api_key' => self::PUBLIC_KEY,
                'base_url' => preg_replace('#/v1$#', '/public-article-api', $baseUrl),
            ] + array_diff_key($config, ['api_key' => 1, 'base_url' => 1])))->list(),
        };
    }
}
