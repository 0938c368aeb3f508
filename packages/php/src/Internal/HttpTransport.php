<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\ApiConnectionException;
use Rankquill\Exception\CrossOriginRedirectException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\TimeoutException;
use Rankquill\HttpClient\ClientInterface;
use Rankquill\HttpClient\CurlClient;
use Rankquill\HttpClient\HttpRequest;
use Rankquill\HttpClient\HttpResponse;
use Rankquill\HttpClient\TransportException;

/**
 * @internal Sends the library's calls through a `ClientInterface` (curl unless the user passed
 * another): headers, JSON bodies, Idempotency-Key, per-attempt timeouts and retries, and turns
 * every failure into one of the library's exceptions. The key stays in its `Secret` inside the
 * request, so no exception's trace or dump carries it. No redirect is followed (a
 * `ClientInterface` answers it as it is): one to another origin is a
 * `CrossOriginRedirectException`, so the key, a secret or a body never reaches that origin; one
 * within the origin is the base-URL error (the API never redirects).
 */
final class HttpTransport
{
    /** @var array<string, string> lower-case name => value, sent with every request */
    private array $baseHeaders;

    /**
     * @param Secret $credentials the whole authentication header line, such as `Authorization: Bearer …`
     * @param string $credentialsHeader its lower-case name; a per-call `null` for it sends none
     * @param array<string, string|null> $defaultHeaders
     * @param object|null $logger anything with PSR-3's `info()` and `warning()` methods
     */
    public function __construct(
        private readonly Secret $credentials,
        private readonly string $credentialsHeader,
        private readonly string $baseUrl,
        private readonly float $timeout,
        private readonly int $maxRetries,
        #[\SensitiveParameter] array $defaultHeaders,
        private readonly ?object $logger,
        private readonly string $apiName,
        private readonly ClientInterface $client = new CurlClient(),
        private readonly RetryPolicy $retryPolicy = new RetryPolicy(),
    ) {
        $headers = ['accept' => 'application/json', 'user-agent' => UserAgent::value()];
        foreach ($defaultHeaders as $name => $value) {
            $headers[strtolower((string) $name)] = $value;
        }
        if (isset($headers[$credentialsHeader])) {
            throw new InvalidArgumentException("Pass the key as api_key, not as a {$credentialsHeader} header.");
        }
        $this->baseHeaders = array_filter($headers, static fn ($value): bool => $value !== null);
    }

    /**
     * Sends one call, retrying as `RetryPolicy` says, and answers its 2xx response.
     *
     * @param Endpoint $endpoint the operation: method, path under the base URL (or an absolute
     *     URL: a signed download link), whether it sends an Idempotency-Key
     * @param array<string, mixed> $query
     * @param array<string, mixed>|null $body sent as JSON
     * @param array<string, mixed> $options checked by RequestOptions
     * @param FileSink|null $sink where a 2xx body goes, as it arrives
     */
    public function send(
        Endpoint $endpoint,
        array $query = [],
        ?array $body = null,
        array $options = [],
        ?FileSink $sink = null,
    ): HttpResponse {
        [$method, $path] = [$endpoint->method, $endpoint->path];
        $url = str_contains($path, '://') ? $path : $this->baseUrl . $path;
        if ($query !== []) {
            $url .= self::queryString($query);
        }
        $payload = $body === null ? null : json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES);
        [$headers, $withCredentials] = $payload === null && !$endpoint->idempotent && !isset($options['headers'])
            ? [$this->baseHeaders, true]
            : $this->headers($endpoint->idempotent, $payload !== null, $options);
        $timeout = (float) ($options['timeout'] ?? $this->timeout);
        $credentials = $withCredentials ? $this->credentials : null;
        $request = new HttpRequest($method, $url, $headers, $payload, $timeout, $credentials);
        $maxRetries = $options['max_retries'] ?? $this->maxRetries;
        for ($retries = 0;; $retries++) {
            $outcome = $this->attempt($request, $sink);
            $response = $outcome instanceof HttpResponse ? $outcome : null;
            $redirect = $response !== null ? CrossOriginRedirect::of($url, $response) : null;
            $wrongAddress = $response !== null && !str_contains($path, '://')
                ? WrongAddress::message($response, $this->baseUrl, $this->apiName)
                : null;
            if ($response !== null && $response->status < 300 && $response->status >= 200 && $wrongAddress === null) {
                $sink?->finish();
                return $response;
            }
            $sinkError = $sink?->error();
            $brokenDownload = $sink !== null && ($sink->bytes() > 0 || $sinkError !== null);
            $wait = $retries < $maxRetries && !$brokenDownload && $redirect === null
                ? $this->retryPolicy->delay($response?->status, $response?->headers() ?? [], $retries + 1)
                : null;
            if ($wait === null) {
                $sink?->discard();
                $error = $response !== null && $redirect !== null
                    ? $this->redirectError($response->status, $redirect, !str_contains($path, '://'))
                    : $this->failure($outcome, $url, $timeout, $retries, $wrongAddress, $brokenDownload, $sinkError);
                $this->logger?->warning("{$this->apiName} request failed", [
                    'method' => $method,
                    'url' => self::loggable($url),
                    'error' => $error::class,
                    'message' => $error->getMessage(),
                ]);
                throw $error;
            }
            $this->logger?->info("Retrying {$this->apiName} request", [
                'method' => $method,
                'url' => self::loggable($url),
                'retry' => $retries + 1,
                'reason' => $response !== null ? "status {$response->status}" : self::loggable($outcome->getMessage()),
                'wait_seconds' => round($wait, 3),
            ]);
            $sink?->discard();
            usleep((int) round($wait * 1_000_000));
        }
    }

    /**
     * @param array<string, mixed> $options
     * @return array{0: array<string, string>, 1: bool}
     */
    private function headers(bool $idempotent, bool $hasBody, array $options): array
    {
        $headers = $this->baseHeaders;
        if ($hasBody) {
            $headers['content-type'] = 'application/json';
        }
        if ($idempotent) {
            $headers['idempotency-key'] = $options['idempotency_key'] ?? IdempotencyKey::generate();
        }
        $withCredentials = true;
        foreach ($options['headers'] ?? [] as $name => $value) {
            $name = strtolower((string) $name);
            if ($name === $this->credentialsHeader) {
                $withCredentials = false;
            }
            $headers[$name] = $value === null ? null : (string) $value;
        }
        if ($idempotent && isset($options['idempotency_key'])) {
            $headers['idempotency-key'] = $options['idempotency_key'];
        }
        return [array_filter($headers, static fn ($value): bool => $value !== null), $withCredentials];
    }

    /** One try: the answer, whatever its status, or why none came. */
    private function attempt(HttpRequest $request, ?FileSink $sink): HttpResponse|TransportException
    {
        try {
            if ($sink === null) {
                return $this->client->send($request);
            }
            if ($this->client instanceof StreamingClient) {
                return $this->client->sendTo($request, $sink);
            }
            $response = $this->client->send($request);
            if ($response->status >= 200 && $response->status < 300 && !$sink->write($response->body)) {
                return TransportException::connectionFailed((string) $sink->error());
            }
            return $response;
        } catch (TransportException $error) {
            return $error;
        }
    }

    /** @param array{0: string, 1: string} $origins where the request went, and where the redirect points */
    private function redirectError(int $status, array $origins, bool $atBaseUrl): CrossOriginRedirectException
    {
        [$from, $to] = $origins;
        $fix = $atBaseUrl
            ? 'Set base_url to the address that answers without a redirect.'
            : 'A download link must answer at its own origin.';
        return new CrossOriginRedirectException(
            ucfirst($this->apiName) . " at {$from} answered {$status}, a redirect to another origin, {$to}: not "
            . "followed, so neither the key nor the request body was sent there. {$fix}",
            $status,
            $from,
            $to,
        );
    }

    private function failure(
        HttpResponse|TransportException $outcome,
        string $url,
        float $timeout,
        int $retries,
        ?string $wrongAddress,
        bool $brokenDownload,
        ?string $sinkError,
    ): \RuntimeException {
        if ($outcome instanceof HttpResponse) {
            return ErrorFactory::fromResponse($outcome, $wrongAddress);
        }
        $retried = $retries === 0 ? '' : sprintf(' (retried %d time%s)', $retries, $retries === 1 ? '' : 's');
        if ($sinkError !== null) {
            return new ApiConnectionException(sprintf(
                'The download from %s stopped: %s. Pass a path or stream that can be written.',
                $this->apiName,
                $sinkError,
            ), 0, $outcome);
        }
        if ($brokenDownload) {
            return new ApiConnectionException(sprintf(
                'The download from %s broke off before the end (%s); the partial file was removed. Download it again.',
                $this->apiName,
                self::loggable($outcome->getMessage()),
            ), 0, $outcome);
        }
        if ($outcome->timedOut) {
            return new TimeoutException(sprintf(
                '%s did not answer within %s s%s. Raise the timeout option (per client or per call) if the call '
                . 'needs longer.',
                ucfirst($this->apiName),
                rtrim(rtrim(number_format($timeout, 3, '.', ''), '0'), '.'),
                $retried,
            ), 0, $outcome);
        }
        return new ApiConnectionException(sprintf(
            'Could not reach %s at %s: %s%s. Check base_url and your network.',
            $this->apiName,
            self::origin($url),
            self::loggable($outcome->getMessage()),
            $retried,
        ), 0, $outcome);
    }

    /**
     * @param array<string, mixed> $query
     */
    private static function queryString(array $query): string
    {
        $pairs = [];
        foreach ($query as $name => $value) {
            if ($value === null) {
                continue;
            }
            if (\is_bool($value)) {
                $value = $value ? 'true' : 'false';
            }
            $pairs[] = rawurlencode((string) $name) . '=' . rawurlencode((string) $value);
        }
        return $pairs === [] ? '' : '?' . implode('&', $pairs);
    }

    /** A URL (or a message quoting one) for a log line or an error, without a signed download link's signature. */
    private static function loggable(string $url): string
    {
        return (string) preg_replace('/([?&]signature=)[^&]*/', '$1[redacted]', $url);
    }

    private static function origin(string $url): string
    {
        $parts = parse_url($url);
        $port = isset($parts['port']) ? ":{$parts['port']}" : '';
        return ($parts['scheme'] ?? 'http') . '://' . ($parts['host'] ?? '') . $port;
    }

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return ['baseUrl' => $this->baseUrl, 'timeout' => $this->timeout, 'maxRetries' => $this->maxRetries];
    }

    /** @return array<string, mixed> */
    public function __serialize(): array
    {
        throw new \LogicException('A Rankquill client cannot be serialized: it holds a key and a connection.');
    }
}
