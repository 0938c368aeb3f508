<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * One delivery as a framework hands it over (HTTP glue of `WebhookReceiver`): its method, its
 * headers with lower-case names, and a body read no further than the limit. Takes a header bag
 * in any form (plain names in any case; `HTTP_X_SERVICE_KEY`-style server names and CGI's
 * `CONTENT_TYPE`/`CONTENT_LENGTH`; arrays of values, the first one counts; a Symfony `HeaderBag`
 * or anything with `all()`), a PSR-7 request, a Symfony/Laravel `Request`, or the current PHP
 * request (`$_SERVER` and `php://input`). Objects are duck-typed: no framework is required.
 *
 * @internal `WebhookReceiver::handle()` and `handleRequest()` take these forms; use those.
 */
final class IncomingDelivery
{
    /**
     * @param array<string, string> $headers lower-case names
     * @param mixed $body a string, a stream resource, or a PSR-7 stream (`read()`, `eof()`)
     */
    private function __construct(
        public readonly string $method,
        public readonly array $headers,
        private readonly mixed $body,
    ) {
    }

    /**
     * @param mixed $headers a header bag, a PSR-7 request or a Symfony/Laravel request
     * @param mixed $body the raw body (string, stream resource, PSR-7 stream); null takes the request's
     */
    public static function from(#[\SensitiveParameter] mixed $headers, mixed $body, ?string $method): self
    {
        if (\is_object($headers) && self::isRequest($headers)) {
            return new self(
                strtoupper($method ?? (string) $headers->getMethod()),
                self::normalizeHeaders(self::requestHeaders($headers)),
                $body ?? self::requestBody($headers),
            );
        }
        return new self(strtoupper($method ?? 'POST'), self::normalizeHeaders($headers), $body ?? '');
    }

    /** The current PHP request: `$_SERVER` (or getallheaders()) and `php://input`, read lazily. */
    public static function fromGlobals(): self
    {
        $headers = \function_exists('getallheaders') ? getallheaders() : [];
        return new self(
            strtoupper((string) ($_SERVER['REQUEST_METHOD'] ?? 'POST')),
            self::normalizeHeaders(\is_array($headers) && $headers !== [] ? $headers : $_SERVER),
            null,
        );
    }

    /**
     * Lower-case names, the first value of each list; `HTTP_`-prefixed server names become
     * header names (`HTTP_WEBHOOK_ID` is `webhook-id`), as do `CONTENT_TYPE` and `CONTENT_LENGTH`.
     * Other server variables (`REQUEST_METHOD`, `argv`...) are left out of a `$_SERVER`-style bag.
     *
     * @return array<string, string>
     */
    public static function normalizeHeaders(#[\SensitiveParameter] mixed $headers): array
    {
        if (\is_object($headers) && method_exists($headers, 'all')) {
            $headers = $headers->all(); // Symfony's HeaderBag / ServerBag, Laravel's
        }
        if (!is_iterable($headers)) {
            return [];
        }
        $plain = [];
        $server = [];
        foreach ($headers as $name => $value) {
            if (\is_array($value)) {
                $value = reset($value);
            }
            if (!\is_scalar($value)) {
                continue;
            }
            $name = (string) $name;
            if (preg_match('/^HTTP_(.+)$/i', $name, $match) === 1) {
                $server[strtolower(str_replace('_', '-', $match[1]))] = (string) $value;
            } elseif (\in_array(strtoupper($name), ['CONTENT_TYPE', 'CONTENT_LENGTH'], true)) {
                $server[strtolower(str_replace('_', '-', $name))] = (string) $value;
            } else {
                $plain[strtolower($name)] = (string) $value;
            }
        }
        // A name the framework gave plainly wins over the same name in its server form.
        return $plain + $server;
    }

    /** The Content-Length the client declared, or null. */
    public function declaredLength(): ?int
    {
        $length = $this->headers['content-length'] ?? '';
        return ctype_digit((string) $length) ? (int) min((float) $length, PHP_INT_MAX) : null;
    }

    /**
     * The body, at most `$limit` bytes: null when there are more (only `$limit + 1` are read).
     */
    public function readBody(int $limit): ?string
    {
        $body = $this->body;
        if (\is_string($body)) {
            return \strlen($body) > $limit ? null : $body;
        }
        $read = match (true) {
            $body === null => (string) file_get_contents('php://input', false, null, 0, $limit + 1),
            \is_resource($body) => (string) stream_get_contents($body, $limit + 1),
            \is_object($body) && method_exists($body, 'read') => self::readStream($body, $limit + 1),
            default => (string) $body,
        };
        return \strlen($read) > $limit ? null : $read;
    }

    private static function isRequest(object $request): bool
    {
        return method_exists($request, 'getMethod') && (self::isPsr7($request) || self::isSymfony($request));
    }

    private static function isPsr7(object $request): bool
    {
        return method_exists($request, 'getHeaders') && method_exists($request, 'getBody');
    }

    /** Symfony's and Laravel's requests keep their headers in a public `headers` HeaderBag. */
    private static function isSymfony(object $request): bool
    {
        return property_exists($request, 'headers') && (new \ReflectionProperty($request, 'headers'))->isPublic()
            && method_exists($request, 'getContent');
    }

    private static function requestHeaders(object $request): mixed
    {
        return self::isPsr7($request) ? $request->getHeaders() : $request->headers;
    }

    /** PSR-7: the body stream; Symfony: the content as a resource; both read up to the limit. */
    private static function requestBody(object $request): mixed
    {
        return self::isPsr7($request) ? $request->getBody() : $request->getContent(true);
    }

    /** Reads a PSR-7 stream up to `$bytes` bytes, from its start when it can seek. */
    private static function readStream(object $stream, int $bytes): string
    {
        if (method_exists($stream, 'isSeekable') && $stream->isSeekable()) {
            $stream->rewind();
        }
        $read = '';
        while (\strlen($read) < $bytes && !$stream->eof()) {
            $chunk = (string) $stream->read(min(65536, $bytes - \strlen($read)));
            if ($chunk === '') {
                break;
            }
            $read .= $chunk;
        }
        return $read;
    }
}
