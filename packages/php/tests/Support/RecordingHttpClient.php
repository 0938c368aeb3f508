<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

use Rankquill\HttpClient\ClientInterface;
use Rankquill\HttpClient\CurlClient;
use Rankquill\HttpClient\HttpRequest;
use Rankquill\HttpClient\HttpResponse;
use Rankquill\HttpClient\TransportException;

/**
 * A user-written `ClientInterface` for the tests: records every request, fails the first
 * `$failures` attempts as told, and sends the rest through curl to the real server.
 */
final class RecordingHttpClient implements ClientInterface
{
    /** @var list<HttpRequest> */
    public array $requests = [];
    private readonly CurlClient $curl;

    /** @param list<TransportException> $failures thrown, in order, before any request goes out */
    public function __construct(private array $failures = [])
    {
        $this->curl = new CurlClient();
    }

    public function send(HttpRequest $request): HttpResponse
    {
        $this->requests[] = $request;
        $failure = array_shift($this->failures);
        if ($failure !== null) {
            throw $failure;
        }
        return $this->curl->send($request);
    }
}
