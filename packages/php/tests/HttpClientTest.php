<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use Rankquill\Exception\ApiConnectionException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Exception\TimeoutException;
use Rankquill\HttpClient\Psr18Client;
use Rankquill\HttpClient\TransportException;
use Rankquill\Tests\Support\ChildProcess;
use Rankquill\Tests\Support\RecordingHttpClient;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;

/**
 * The `http_client` option: a user-written ClientInterface and a real PSR-18 client (Guzzle,
 * from Debian's php-guzzlehttp-guzzle) against the reference server, with the library's
 * retries and errors around them.
 */
final class HttpClientTest extends ServerTestCase
{
    public static function setUpBeforeClass(): void
    {
        require_once '/usr/share/php/GuzzleHttp/autoload.php';
        require_once '/usr/share/php/Nyholm/Psr7/autoload.php';
    }

    public function testAUserWrittenClientSendsEveryRequestAndItsAnswersAreUsed(): void
    {
        $http = new RecordingHttpClient();
        $client = $this->server->client(['http_client' => $http]);
        $created = $client->projects->create(['name' => 'Through a double', 'domain' => 'double.example']);
        $this->assertSame('Through a double', $client->projects->retrieve($created->id)->name);

        $this->assertCount(2, $http->requests);
        [$post, $get] = $http->requests;
        $this->assertSame('POST', $post->method);
        $this->assertSame("{$this->server->apiBaseUrl}/projects", $post->url);
        $this->assertSame(
            ['name' => 'Through a double', 'domain' => 'double.example'],
            json_decode((string) $post->body, true),
        );
        $headers = $post->headers();
        $this->assertSame("Bearer {$this->server->apiKey}", $headers['authorization']);
        $this->assertSame('application/json', $headers['content-type']);
        $this->assertMatchesRegularExpression('/^\S{16,}$/', $headers['idempotency-key']);
        $this->assertSame('GET', $get->method);
        $this->assertSame("{$this->server->apiBaseUrl}/projects/{$created->id}", $get->url);
        $this->assertArrayNotHasKey('idempotency-key', $get->headers());
        $this->assertNull($get->body);
        $this->assertSame(60.0, $get->timeout);
        // The request's dump shows no key, though headers() hands it to the client.
        $this->assertStringNotContainsString($this->server->apiKey, print_r($get, true));
    }

    public function testRetriesAndErrorsApplyAroundAUserWrittenClient(): void
    {
        $http = new RecordingHttpClient([TransportException::connectionFailed('proxy went away')]);
        $client = $this->server->client(['http_client' => $http]);
        $this->assertSame($this->server->projectId, $client->projects->retrieve($this->server->projectId)->id);
        $this->assertCount(2, $http->requests);
        $this->assertSame($http->requests[0], $http->requests[1]);

        $error = $this->thrownBy(fn () => $client->projects->retrieve('proj_missing'), NotFoundException::class);
        $this->assertSame(404, $error->getStatus());

        $stalled = new RecordingHttpClient(array_fill(0, 2, TransportException::timedOut('no answer in time')));
        $client = $this->server->client(['http_client' => $stalled, 'max_retries' => 1, 'timeout' => 5]);
        $error = $this->thrownBy(fn () => $client->projects->list(), TimeoutException::class);
        $this->assertStringContainsString('did not answer within 5 s (retried 1 time)', $error->getMessage());
        $this->assertInstanceOf(TransportException::class, $error->getPrevious());
        $this->assertCount(2, $stalled->requests);

        $refused = new RecordingHttpClient([TransportException::connectionFailed('connection refused')]);
        $client = $this->server->client(['http_client' => $refused, 'max_retries' => 0]);
        $error = $this->thrownBy(fn () => $client->projects->list(), ApiConnectionException::class);
        $this->assertNotInstanceOf(TimeoutException::class, $error);
        $this->assertStringContainsString('connection refused', $error->getMessage());
    }

    public function testGuzzleAsAPsr18ClientCallsTheServerDownloadsFilesAndReadsPublicArticles(): void
    {
        $client = $this->server->client(['http_client' => new \GuzzleHttp\Client()]);
        $created = $client->projects->create(['name' => 'Through Guzzle', 'domain' => 'guzzle.example']);
        $this->assertSame('guzzle.example', $client->projects->retrieve($created->id)->domain);
        $page = $client->content->list($this->server->projectId, ['limit' => 2]);
        $this->assertCount(2, $page->data);
        $this->assertCount(2, $page->nextPage()?->data ?? []);
        $error = $this->thrownBy(fn () => $client->projects->retrieve('proj_missing'), NotFoundException::class);
        $this->assertNotNull($error->getRequestId());

        $path = tempnam(sys_get_temp_dir(), 'rankquill-guzzle-');
        try {
            $file = $client->content->export($this->server->projectId, ['format' => 'json'], $path);
            $this->assertSame(filesize($path), $file->size);
            $this->assertSame('content_export', json_decode((string) file_get_contents($path), true)['object']);
        } finally {
            @unlink($path);
        }

        $articles = $this->server->publicArticles(['http_client' => new \GuzzleHttp\Client()]);
        $first = $articles->list(['limit' => 1])->data[0];
        $this->assertSame($first->id, $articles->retrieve($first->id)->id);
    }

    public function testAPsr18ClientTakesTheFactoryPassedAndItsFailuresBecomeTheLibrarysExceptions(): void
    {
        $adapter = new Psr18Client(new \GuzzleHttp\Client(), new \Nyholm\Psr7\Factory\Psr17Factory());
        $client = $this->server->client(['http_client' => $adapter]);
        $this->assertSame($this->server->projectId, $client->projects->retrieve($this->server->projectId)->id);

        $port = ChildProcess::freePort();
        $client = $this->server->client([
            'http_client' => new \GuzzleHttp\Client(),
            'base_url' => "http://127.0.0.1:{$port}/v1",
            'max_retries' => 0,
        ]);
        $error = $this->thrownBy(fn () => $client->projects->list(), ApiConnectionException::class);
        $this->assertNotInstanceOf(TimeoutException::class, $error);
        $this->assertStringContainsString(
            "Could not reach the Rankquill API at http://127.0.0.1:{$port}",
            $error->getMessage(),
        );
        // Guzzle's message quotes the URL: a signed link's signature is cut from it.
        $link = "http://127.0.0.1:{$port}/v1/projects/p/exports/e/download?expires=1&signature=SIGNED0123";
        $download = $this->thrownBy(fn () => $client->exports->download($link), ApiConnectionException::class);
        $this->assertStringContainsString('signature=[redacted]', $download->getMessage());
        $this->assertStringNotContainsString('SIGNED0123', $download->getMessage());
        // Guzzle's exception holds the PSR-7 request and its key: it is not kept.
        ob_start();
        var_dump($error);
        $this->assertStringNotContainsString($this->server->apiKey, (string) ob_get_clean());
        $this->assertStringNotContainsString($this->server->apiKey, print_r($error, true));

        $slow = ScriptedServer::start([['status' => 200, 'body' => '{}', 'delay_ms' => 3000]]);
        try {
            $client = $this->server->client([
                'http_client' => new \GuzzleHttp\Client(['timeout' => 0.3]),
                'base_url' => "{$slow->url}/v1",
                'max_retries' => 0,
            ]);
            $this->thrownBy(fn () => $client->projects->list(), TimeoutException::class);
        } finally {
            $slow->stop();
        }
    }

    public function testRefusesAnHttpClientThatIsNeitherOursNorPsr18(): void
    {
        $error = $this->thrownBy(
            fn () => $this->server->client(['http_client' => new \stdClass()]),
            InvalidArgumentException::class,
        );
        $this->assertStringContainsString(
            '"http_client" must implement Rankquill\HttpClient\ClientInterface',
            $error->getMessage(),
        );
        $this->assertStringContainsString('got stdClass', $error->getMessage());
    }
}
