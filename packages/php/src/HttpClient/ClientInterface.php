<?php

declare(strict_types=1);

namespace Rankquill\HttpClient;

/**
 * What sends the library's HTTP requests: pass one as the `http_client` option of
 * `RankquillClient` or `PublicArticles` to go through a proxy, record requests in a test, or
 * use a client you already have (any PSR-18 client is adapted by `Psr18Client`). The default is
 * `CurlClient`. Retries, `Idempotency-Key`, errors and logging stay the library's: an
 * implementation sends one request and answers whatever came back.
 *
 * @example
 * final class LoggingClient implements \Rankquill\HttpClient\ClientInterface
 * {
 *     public function __construct(private readonly \Rankquill\HttpClient\ClientInterface $inner)
 *     {
 *     }
 *
 *     public function send(HttpRequest $request): HttpResponse
 *     {
 *         error_log("{$request->method} {$request->url}");
 *         return $this->inner->send($request);
 *     }
 * }
 * $client = new \Rankquill\RankquillClient(['http_client' => new LoggingClient(new CurlClient())]);
 */
interface ClientInterface
{
    /**
     * Sends one request and answers the response, whatever its status (a 4xx or 5xx is an
     * answer, not an error). Do not follow redirects: answer a 3xx as it is. The library follows
     * none, and throws `CrossOriginRedirectException` for one to another origin, so the key and
     * the body never reach it; a client that followed would have sent them there already.
     *
     * @example
     * $request = new HttpRequest('GET', 'http://127.0.0.1:4010/v1/projects', ['authorization' => 'Bearer rq_…']);
     * $response = $client->send($request);
     * echo $response->status; // 200
     *
     * @throws TransportException when no answer came: a connection failure or a timeout
     */
    public function send(HttpRequest $request): HttpResponse;
}
