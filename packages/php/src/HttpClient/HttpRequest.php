<?php

declare(strict_types=1);

namespace Rankquill\HttpClient;

use Rankquill\Internal\Secret;

/**
 * One HTTP request the library asks a `ClientInterface` to send: the same object for every
 * attempt of a call. The key is kept out of dumps: `headers()` reveals it, the properties do not.
 *
 * @example
 * public function send(HttpRequest $request): HttpResponse
 * {
 *     $this->sent[] = [$request->method, $request->url, $request->headers(), $request->body];
 *     return new HttpResponse(200, ['content-type' => 'application/json'], '{"id":"proj_123"}');
 * }
 */
final class HttpRequest
{
    /**
     * @param string $url absolute, with its query string
     * @param array<string, string> $headers lower-case name => value, without the key's header
     * @param string|null $body the JSON body, or null for none
     * @param float $timeout seconds the attempt may take
     * @param Secret|null $credentials the key's header line, such as `authorization: Bearer …`
     *     (internal: the clients set it)
     */
    public function __construct(
        public readonly string $method,
        public readonly string $url,
        private readonly array $headers,
        public readonly ?string $body,
        public readonly float $timeout,
        private readonly ?Secret $credentials = null,
    ) {
    }

    /**
     * @return array<string, string> every header to send, lower-case name => value, the key's included
     *
     * @example
     * foreach ($request->headers() as $name => $value) {
     *     $psrRequest = $psrRequest->withHeader($name, $value);
     * }
     */
    public function headers(): array
    {
        if ($this->credentials === null) {
            return $this->headers;
        }
        [$name, $value] = explode(':', $this->credentials->reveal(), 2);
        return $this->headers + [$name => ltrim($value)];
    }

    /**
     * @internal For CurlClient, which adds the key's line only when it configures the handle.
     * @return array<string, string>
     */
    public function headersWithoutCredentials(): array
    {
        return $this->headers;
    }

    /** @internal */
    public function credentials(): ?Secret
    {
        return $this->credentials;
    }

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return [
            'method' => $this->method,
            'url' => $this->url,
            'headers' => $this->headers + ($this->credentials === null ? [] : ['(key)' => '[redacted]']),
            'body' => $this->body,
            'timeout' => $this->timeout,
        ];
    }

    /** @return array<string, mixed> */
    public function __serialize(): array
    {
        throw new \LogicException('A Rankquill request cannot be serialized: it holds a key.');
    }
}
