<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\RankquillException;
use Rankquill\RankquillClient;
use Rankquill\Service\AiVisibility\PromptService;
use Rankquill\Service\AiVisibility\ResponseService;
use Rankquill\Service\AiVisibility\TopicService;
use Rankquill\Service\ProjectService;
use Rankquill\Tests\Support\ReferenceServer;

final class RankquillClientTest extends TestCase
{
    private const ENV = ['RANKQUILL_API_KEY', 'RANKQUILL_BASE_URL'];

    /** @var array<string, string|false> */
    private array $saved = [];

    protected function setUp(): void
    {
        foreach (self::ENV as $name) {
            $this->saved[$name] = getenv($name);
            putenv($name);
        }
    }

    protected function tearDown(): void
    {
        foreach ($this->saved as $name => $value) {
            putenv($value === false ? $name : "{$name}={$value}");
        }
    }

    public function testReadsRankquillApiKeyAndBaseUrlFromTheEnvironment(): void
    {
        $server = ReferenceServer::shared();
        putenv("RANKQUILL_API_KEY={$server->apiKey}");
        putenv("RANKQUILL_BASE_URL={$server->apiBaseUrl}/");
        $client = new RankquillClient();
        $this->assertSame($server->apiBaseUrl, $client->baseUrl);
        $this->assertSame(60.0, $client->timeout);
        $this->assertSame(2, $client->maxRetries);
        $this->assertSame($server->projectId, $client->projects->retrieve($server->projectId)->id);

        $keyOnly = new RankquillClient($server->apiKey);
        $this->assertSame($server->projectId, $keyOnly->projects->retrieve($server->projectId)->id);
    }

    public function testPrefersOptionsOverTheEnvironment(): void
    {
        putenv('RANKQUILL_API_KEY=rq_from_env');
        putenv('RANKQUILL_BASE_URL=http://env.example/v1');
        $client = new RankquillClient([
            'api_key' => 'rq_given',
            'base_url' => 'https://api.example/v1',
            'timeout' => 5,
            'max_retries' => 0,
        ]);
        $this->assertSame('https://api.example/v1', $client->baseUrl);
        $this->assertSame(5.0, $client->timeout);
        $this->assertSame(0, $client->maxRetries);
    }

    public function testFailsAtConstructionSayingHowToPassAMissingKey(): void
    {
        try {
            new RankquillClient(['base_url' => 'http://127.0.0.1:4010/v1']);
            $this->fail('no exception');
        } catch (InvalidArgumentException $error) {
            $this->assertInstanceOf(RankquillException::class, $error);
            $this->assertSame(
                "No API key: pass new RankquillClient(['api_key' => ...]) or set the RANKQUILL_API_KEY environment "
                . "variable.",
                $error->getMessage(),
            );
        }
    }

    /** @return iterable<string, array{array<string, mixed>, string}> */
    public function badOptions(): iterable
    {
        $base = ['api_key' => 'rq_test_key', 'base_url' => 'http://127.0.0.1:4010/v1'];
        yield 'no base url' => [['api_key' => 'rq_test_key'], 'RANKQUILL_BASE_URL'];
        yield 'relative base url' => [['base_url' => '/v1'] + $base, 'not an absolute http(s) URL'];
        yield 'ftp base url' => [['base_url' => 'ftp://host/v1'] + $base, 'not an absolute http(s) URL'];
        yield 'credentials in the url' => [['base_url' => 'https://user:pw@host/v1'] + $base, 'credentials'];
        yield 'zero timeout' => [['timeout' => 0] + $base, '"timeout" must be a number of seconds above 0'];
        yield 'text timeout' => [['timeout' => '5'] + $base, '"timeout"'];
        yield 'negative retries' => [['max_retries' => -1] + $base, '"max_retries" must be an integer of 0 or more'];
        yield 'unknown option' => [['apiKey' => 'x'] + $base, 'Unknown option "apiKey"; the options are api_key, '
            . 'base_url'];
        yield 'headers not an array' => [['default_headers' => 'x'] + $base, '"default_headers"'];
        $keyHeader = ['Authorization' => 'Bearer rq_x'];
        yield 'the key as a header' => [['default_headers' => $keyHeader] + $base, 'Pass the key as api_key'];
        yield 'logger without methods' => [['logger' => new \stdClass()] + $base, 'PSR-3'];
    }

    /**
     * @dataProvider badOptions
     * @param array<string, mixed> $options
     */
    public function testFailsAtConstructionForBadOptionsNamingThem(array $options, string $message): void
    {
        $this->expectException(InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new RankquillClient($options);
    }

    public function testOffersEveryServiceOfTheApi(): void
    {
        $client = new RankquillClient(['api_key' => 'rq_test_key', 'base_url' => 'http://127.0.0.1:4010/v1']);
        $this->assertInstanceOf(ProjectService::class, $client->projects);
        $this->assertInstanceOf(TopicService::class, $client->aiVisibility->topics);
        $this->assertInstanceOf(PromptService::class, $client->aiVisibility->prompts);
        $this->assertInstanceOf(ResponseService::class, $client->aiVisibility->responses);
        $this->expectException(\Error::class);
        $client->projects = $client->projects;
    }

    public function testRejectsAnUnknownPerCallOption(): void
    {
        $client = new RankquillClient(['api_key' => 'rq_test_key', 'base_url' => 'http://127.0.0.1:4010/v1']);
        $this->expectException(InvalidArgumentException::class);
        $this->expectExceptionMessage('Unknown option "retries"; a call takes timeout, max_retries, headers, '
            . 'idempotency_key.');
        $client->projects->list([], ['retries' => 3]);
    }
}
