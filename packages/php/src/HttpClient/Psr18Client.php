<?php

declare(strict_types=1);

namespace Rankquill\HttpClient;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Internal\FileSink;
use Rankquill\Internal\StreamingClient;

/**
 * Sends the library's requests through any PSR-18 client (Guzzle, Symfony's Psr18Client, …),
 * recognised by its `sendRequest()` method, so the library needs no PSR package. The PSR-7
 * requests come from the PSR-17 factory you pass, else from nyholm/psr7 or guzzlehttp/psr7 when
 * installed. Passing a PSR-18 client as `http_client` wraps it in this class for you.
 *
 * The per-call `timeout` cannot reach a PSR-18 client: set its timeout where you create it.
 * PSR-18 clients answer a redirect as it is (Guzzle's `sendRequest()` never follows one), as the
 * library needs: it follows no redirect and refuses one to another origin.
 *
 * @example
 * $guzzle = new \GuzzleHttp\Client(['timeout' => 30, 'proxy' => 'http://proxy.internal:3128']);
 * $client = new \Rankquill\RankquillClient(['http_client' => $guzzle]);
 * // or with a factory of your choice:
 * $client = new \Rankquill\RankquillClient([
 *     'http_client' => new \Rankquill\HttpClient\Psr18Client($guzzle, new \Nyholm\Psr7\Factory\Psr17Factory()),
 * ]);
 */
final class Psr18Client implements ClientInterface, StreamingClient
{
    /** PSR-17 factories used when none is passed, first found first. */
    private const KNOWN_FACTORIES = ['Nyholm\Psr7\Factory\Psr17Factory', 'GuzzleHttp\Psr7\HttpFactory'];
    private const CHUNK_BYTES = 65536;

    private readonly object $requestFactory;
    private readonly object $streamFactory;

    /**
     * @param object $client a PSR-18 client: `sendRequest(RequestInterface): ResponseInterface`
     * @param object|null $requestFactory a PSR-17 request factory (`createRequest()`); found when null
     * @param object|null $streamFactory a PSR-17 stream factory (`createStream()`); the request
     *     factory when null and it has that method
     */
    public function __construct(
        private readonly object $client,
        ?object $requestFactory = null,
        ?object $streamFactory = null,
    ) {
        if (!method_exists($client, 'sendRequest')) {
            throw new InvalidArgumentException(sprintf(
                'A %s has no sendRequest() method: pass a PSR-18 client, or an object implementing %s.',
                $client::class,
                ClientInterface::class,
            ));
        }
        $requestFactory ??= self::knownFactory();
        $streamFactory ??= $requestFactory;
        if (!method_exists($requestFactory, 'createRequest') || !method_exists($streamFactory, 'createStream')) {
            throw new InvalidArgumentException(
                'The PSR-17 factories need createRequest() and createStream(): pass a request factory and a stream '
                . 'factory, such as new \Nyholm\Psr7\Factory\Psr17Factory() for both.',
            );
        }
        $this->requestFactory = $requestFactory;
        $this->streamFactory = $streamFactory;
    }

    /**
     * Sends one attempt through the PSR-18 client; its network errors become TransportException.
     *
     * @example
     * $client = new Psr18Client(new \GuzzleHttp\Client(['timeout' => 20]));
     * $response = $client->send(new HttpRequest('GET', 'http://127.0.0.1:4010/health', []));
     */
    public function send(HttpRequest $request): HttpResponse
    {
        return $this->exchange($request, null);
    }

    /** @internal */
    public function sendTo(HttpRequest $request, FileSink $sink): HttpResponse
    {
        return $this->exchange($request, $sink);
    }

    private function exchange(HttpRequest $request, ?FileSink $sink): HttpResponse
    {
        $message = $this->requestFactory->createRequest($request->method, $request->url);
        foreach ($request->headers() as $name => $value) {
            $message = $message->withHeader($name, $value);
        }
        if ($request->body !== null) {
            $message = $message->withBody($this->streamFactory->createStream($request->body));
        }
        try {
            $answer = $this->client->sendRequest($message);
            $status = (int) $answer->getStatusCode();
            $headers = [];
            foreach ($answer->getHeaders() as $name => $values) {
                $headers[strtolower((string) $name)] = implode(', ', $values);
            }
            $body = $answer->getBody();
            if ($sink === null || $status < 200 || $status >= 300) {
                return new HttpResponse($status, $headers, (string) $body);
            }
            while (!$body->eof()) {
                if (!$sink->write($body->read(self::CHUNK_BYTES))) {
                    throw TransportException::connectionFailed((string) $sink->error());
                }
            }
            return new HttpResponse($status, $headers, '');
        } catch (\Psr\Http\Client\ClientExceptionInterface $error) {
            // PSR-18 has no timeout exception: Guzzle's names curl's error 28, others say so in words.
            $timedOut = self::curlErrno($error) === 28 || preg_match('/timed? ?out/i', $error->getMessage()) === 1;
            // Its message only: the exception holds the PSR-7 request, whose headers carry the key.
            $message = \get_class($error) . ': ' . $error->getMessage();
            throw $timedOut ? TransportException::timedOut($message) : TransportException::connectionFailed($message);
        }
    }

    private static function curlErrno(\Throwable $error): ?int
    {
        $context = method_exists($error, 'getHandlerContext') ? $error->getHandlerContext() : [];
        return \is_array($context) && isset($context['errno']) ? (int) $context['errno'] : null;
    }

    private static function knownFactory(): object
    {
        foreach (self::KNOWN_FACTORIES as $class) {
            if (class_exists($class)) {
                return new $class();
            }
        }
        throw new InvalidArgumentException(
            'No PSR-17 factory found for the PSR-18 client: pass one, as new '
            . '\Rankquill\HttpClient\Psr18Client($client, $psr17Factory), or install nyholm/psr7 or guzzlehttp/psr7.',
        );
    }
}
