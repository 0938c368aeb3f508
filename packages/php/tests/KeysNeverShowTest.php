<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\ApiConnectionException;
use Rankquill\Exception\AuthenticationException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\PublicArticles;
use Rankquill\RankquillClient;
use Rankquill\Tests\Support\ChildProcess;
use Rankquill\Tests\Support\MemoryLogger;
use Rankquill\Tests\Support\ReferenceServer;

/**
 * No key in any exception (message, trace arguments, dump), log line, or dump of a client.
 */
final class KeysNeverShowTest extends TestCase
{
    private const KEY = 'rq_live_SECRETKEY0123456789abcdef';
    private const PUBLIC_KEY = 'rqp_SECRETPUBLIC0123456789abcdef';

    private string $ignoreArgs;

    protected function setUp(): void
    {
        // Traces keep their arguments, as on a development machine.
        $this->ignoreArgs = (string) ini_get('zend.exception_ignore_args');
        ini_set('zend.exception_ignore_args', '0');
    }

    protected function tearDown(): void
    {
        ini_set('zend.exception_ignore_args', $this->ignoreArgs);
    }

    private function assertShowsNoKey(mixed $value): void
    {
        ob_start();
        var_dump($value);
        $dump = (string) ob_get_clean();
        $texts = [$dump, print_r($value, true), var_export($value, true)];
        if ($value instanceof \Throwable) {
            $texts[] = (string) $value;
            $texts[] = $value->getTraceAsString();
            $texts[] = print_r($value->getTrace(), true);
            $previous = $value->getPrevious();
            while ($previous !== null) {
                $texts[] = (string) $previous;
                $previous = $previous->getPrevious();
            }
        }
        foreach ($texts as $text) {
            // getTraceAsString() shortens strings to 15 characters: look for a shorter piece.
            $this->assertStringNotContainsString('SECRETKEY', $text);
            $this->assertStringNotContainsString('SECRETPUBLIC', $text);
        }
    }

    public function testAConnectionErrorAndItsTraceShowNoKey(): void
    {
        $port = ChildProcess::freePort();
        $logger = new MemoryLogger();
        $client = new RankquillClient([
            'api_key' => self::KEY,
            'base_url' => "http://127.0.0.1:{$port}/v1",
            'max_retries' => 1,
            'logger' => $logger,
        ]);
        try {
            $client->content->create('proj_1', ['keyword' => 'x']);
            $this->fail('no exception');
        } catch (ApiConnectionException $error) {
            $this->assertShowsNoKey($error);
        }
        $this->assertCount(2, $logger->records);
        $this->assertShowsNoKey($logger->records);
        $this->assertShowsNoKey($client);
    }

    public function testAnApiErrorShowsNoKey(): void
    {
        $server = ReferenceServer::shared();
        $client = new RankquillClient(['api_key' => self::KEY, 'base_url' => $server->apiBaseUrl]);
        try {
            $client->projects->retrieve('proj_1');
            $this->fail('no exception');
        } catch (AuthenticationException $error) {
            $this->assertShowsNoKey($error);
        }
        $articles = new PublicArticles(['api_key' => self::PUBLIC_KEY, 'base_url' => $server->contentApiUrl]);
        try {
            $articles->retrieve('cnt_1');
            $this->fail('no exception');
        } catch (AuthenticationException $error) {
            $this->assertSame('Invalid API key', $error->getMessage());
            $this->assertShowsNoKey($error);
        }
        $this->assertShowsNoKey($articles);
    }

    public function testAConstructionErrorShowsNoKey(): void
    {
        foreach (
            [
            fn () => new RankquillClient(['api_key' => self::KEY, 'base_url' => 'nowhere']),
            fn () => new RankquillClient(['api_key' => self::KEY, 'base_url' => 'http://h/v1', 'timeout' => -1]),
            fn () => new RankquillClient(['api_key' => self::KEY, 'unknown' => 1]),
            fn () => new PublicArticles(['api_key' => self::PUBLIC_KEY, 'base_url' => 'nowhere']),
            ] as $construct
        ) {
            try {
                $construct();
                $this->fail('no exception');
            } catch (InvalidArgumentException $error) {
                $this->assertShowsNoKey($error);
            }
        }
    }

    public function testAClientCannotBeSerialized(): void
    {
        $client = new RankquillClient(['api_key' => self::KEY, 'base_url' => 'http://127.0.0.1:4010/v1']);
        try {
            serialize($client);
            $this->fail('serialized');
        } catch (\Throwable $error) {
            $this->assertShowsNoKey($error);
        }
    }
}
