<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\ApiConnectionException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\TimeoutException;

/**
 * @internal Sends requests with one kept-alive curl handle: headers, JSON bodies,
 * Idempotency-Key, per-attempt timeouts and retries, and turns every failure into one of the
 * library's exceptions. The key is read from its `Secret` only inside `configure()`, which
 * never throws, so no exception's trace carries it as an argument.
 */
final class HttpTransport
{
    private ?\CurlHandle $curl = null;
    /** @var array<string, string> lower-case name => value, sent with every request */
    private array $baseHeaders;
    /** @var list<string> header lines of a call with no body, no POST and no per-call headers */
    private array $plainLines;
    /** What the handle is set up for, when the last request was a GET that can be repeated as is. */
    private ?string $lastSetup = null;
    private bool $sinkStarted = false;
    private string $errorBody = '';
    private string $streamedHeaders = '';

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
    ) {
        $headers = ['accept' => 'application/json', 'user-agent' => UserAgent::value()];
        foreach ($defaultHeaders as $name => $value) {
            $headers[strtolower((string) $name)] = $value;
        }
        if (isset($headers[$credentialsHeader])) {
            throw new InvalidArgumentException("Pass the key as api_key, not as a {$credentialsHeader} header.");
        }
        $this->baseHeaders = array_filter($headers, static fn ($value): bool => $value !== null);
        $this->plainLines = self::lines($this->baseHeaders);
    }

    /**
     * Sends one call, retrying as `RetryPolicy` says, and answers its 2xx response.
     *
     * @param string $path a path under the base URL, or an absolute URL (a signed download link)
     * @param array<string, mixed> $query
     * @param array<string, mixed>|null $body sent as JSON
     * @param array<string, mixed> $options checked by RequestOptions
     * @param FileSink|null $sink where a 2xx body goes, as it arrives
     */
    public function send(
        string $method,
        string $path,
        array $query = [],
        ?array $body = null,
        array $options = [],
        ?FileSink $sink = null,
    ): HttpResponse {
        $url = str_contains($path, '://') ? $path : $this->baseUrl . $path;
        if ($query !== []) {
            $url .= self::queryString($query);
        }
        $payload = $body === null ? null : json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES);
        [$lines, $withCredentials] = $payload === null && $method !== 'POST' && !isset($options['headers'])
            ? [$this->plainLines, true]
            : $this->headerLines($method, $payload !== null, $options);
        $timeout = (float) ($options['timeout'] ?? $this->timeout);
        $maxRetries = $options['max_retries'] ?? $this->maxRetries;
        for ($retries = 0;; $retries++) {
            $outcome = $this->attempt($method, $url, $lines, $withCredentials, $payload, $timeout, $sink);
            $response = $outcome instanceof HttpResponse ? $outcome : null;
            $wrongAddress = $response !== null && !str_contains($path, '://')
                ? WrongAddress::message($response, $this->baseUrl, $this->apiName)
                : null;
            if ($response !== null && $response->status < 300 && $response->status >= 200 && $wrongAddress === null) {
                $sink?->finish();
                return $response;
            }
            $brokenDownload = $sink !== null && $this->sinkStarted;
            $wait = $retries < $maxRetries && !$brokenDownload && ($response !== null || $outcome->sinkError === null)
                ? RetryPolicy::delay($response?->status, $response?->headers() ?? [], $retries + 1)
                : null;
            if ($wait === null) {
                $sink?->discard();
                $error = $this->failure($outcome, $url, $timeout, $retries, $wrongAddress);
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
                'reason' => $response !== null ? "status {$response->status}" : $outcome->curlError,
                'wait_seconds' => round($wait, 3),
            ]);
            $sink?->discard();
            usleep((int) round($wait * 1_000_000));
        }
    }

    /**
     * @param array<string, mixed> $options
     * @return array{0: list<string>, 1: bool}
     */
    private function headerLines(string $method, bool $hasBody, array $options): array
    {
        $headers = $this->baseHeaders;
        if ($hasBody) {
            $headers['content-type'] = 'application/json';
        }
        if ($method === 'POST') {
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
        if ($method === 'POST' && isset($options['idempotency_key'])) {
            $headers['idempotency-key'] = $options['idempotency_key'];
        }
        return [self::lines(array_filter($headers, static fn ($value): bool => $value !== null)), $withCredentials];
    }

    /**
     * One try: the answer, whatever its status, or why none came. Never throws.
     *
     * @param list<string> $lines
     */
    private function attempt(
        string $method,
        string $url,
        array $lines,
        bool $withCredentials,
        ?string $payload,
        float $timeout,
        ?FileSink $sink,
    ): HttpResponse|NoAnswer {
        $curl = $this->curl ??= curl_init();
        $milliseconds = (int) ceil($timeout * 1000);
        // A GET like the one before (same headers and timeout) only needs its URL set: resetting
        // and configuring the handle again would cost a fast local call a noticeable share.
        $setup = null;
        if ($method === 'GET' && $sink === null) {
            $setup = $withCredentials && $lines === $this->plainLines
                ? "{$milliseconds}\nplain"
                : $milliseconds . ($withCredentials ? "\n+" : "\n-") . implode("\n", $lines);
        }
        if ($setup !== null && $setup === $this->lastSetup) {
            curl_setopt($curl, CURLOPT_URL, $url);
        } else {
            $this->configure($curl, $method, $url, $lines, $withCredentials, $payload, $milliseconds, $sink);
            $this->lastSetup = $setup;
        }
        $this->sinkStarted = false;
        $this->errorBody = '';
        $this->streamedHeaders = '';
        $result = curl_exec($curl);
        $status = $result === false ? 0 : (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        if ($status === 0 || curl_errno($curl) !== 0) {
            $this->lastSetup = null;
            return new NoAnswer(curl_errno($curl), curl_error($curl) ?: 'no answer', $sink?->error());
        }
        if ($sink !== null) {
            $body = $status >= 200 && $status < 300 ? '' : $this->errorBody;
            return new HttpResponse($status, $this->streamedHeaders, $body);
        }
        $headerSize = (int) curl_getinfo($curl, CURLINFO_HEADER_SIZE);
        $text = (string) $result;
        return new HttpResponse($status, substr($text, 0, $headerSize), substr($text, $headerSize));
    }

    /**
     * Sets every option of one request on the handle, from a clean state.
     *
     * @param list<string> $lines
     */
    private function configure(
        \CurlHandle $curl,
        string $method,
        string $url,
        array $lines,
        bool $withCredentials,
        ?string $payload,
        int $milliseconds,
        ?FileSink $sink,
    ): void {
        curl_reset($curl);
        // A copy: a trace shows a parameter's current value, so the key never goes into `$lines`.
        $sendLines = $lines;
        if ($withCredentials) {
            $sendLines[] = $this->credentials->reveal();
        }
        if ($payload !== null) {
            // No `Expect: 100-continue` round trip before a larger body.
            $sendLines[] = 'Expect:';
        }
        $options = [
            CURLOPT_URL => $url,
            CURLOPT_HTTPHEADER => $sendLines,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_NOSIGNAL => true,
            CURLOPT_CONNECTTIMEOUT_MS => $milliseconds,
        ];
        if ($method === 'GET') {
            $options[CURLOPT_HTTPGET] = true;
        } else {
            $options[CURLOPT_CUSTOMREQUEST] = $method;
            if ($payload !== null || $method === 'POST') {
                $options[CURLOPT_POSTFIELDS] = $payload ?? '';
            }
        }
        if ($sink === null) {
            // Headers and body come back as one string, split at CURLINFO_HEADER_SIZE.
            $options[CURLOPT_HEADER] = true;
            $options[CURLOPT_RETURNTRANSFER] = true;
            $options[CURLOPT_TIMEOUT_MS] = $milliseconds;
        } else {
            // A large file may take longer than `timeout` in all: fail only when it stalls that long.
            $options[CURLOPT_LOW_SPEED_LIMIT] = 1;
            $options[CURLOPT_LOW_SPEED_TIME] = max(1, (int) ceil($milliseconds / 1000));
            $options[CURLOPT_HEADERFUNCTION] = function ($handle, string $line): int {
                $this->streamedHeaders .= $line;
                return \strlen($line);
            };
            $options[CURLOPT_WRITEFUNCTION] = function ($handle, string $chunk) use ($sink): int {
                $status = curl_getinfo($handle, CURLINFO_RESPONSE_CODE);
                if ($status >= 200 && $status < 300) {
                    $this->sinkStarted = true;
                    return $sink->write($chunk) ? \strlen($chunk) : 0;
                }
                if (\strlen($this->errorBody) < 1_048_576) {
                    $this->errorBody .= $chunk;
                }
                return \strlen($chunk);
            };
        }
        curl_setopt_array($curl, $options);
    }

    private function failure(
        HttpResponse|NoAnswer $outcome,
        string $url,
        float $timeout,
        int $retries,
        ?string $wrongAddress,
    ): \RuntimeException {
        if ($outcome instanceof HttpResponse) {
            return ErrorFactory::fromResponse($outcome, $this->apiName, $wrongAddress);
        }
        $retried = $retries === 0 ? '' : sprintf(' (retried %d time%s)', $retries, $retries === 1 ? '' : 's');
        if ($outcome->sinkError !== null) {
            return new ApiConnectionException(sprintf(
                'The download from %s stopped: %s. Pass a path or stream that can be written.',
                $this->apiName,
                $outcome->sinkError,
            ));
        }
        if ($this->sinkStarted) {
            return new ApiConnectionException(sprintf(
                'The download from %s broke off before the end (%s); the partial file was removed. Download it again.',
                $this->apiName,
                $outcome->curlError,
            ));
        }
        if ($outcome->curlErrno === CURLE_OPERATION_TIMEDOUT) {
            return new TimeoutException(sprintf(
                '%s did not answer within %s s%s. Raise the timeout option (per client or per call) if the call '
                . 'needs longer.',
                ucfirst($this->apiName),
                rtrim(rtrim(number_format($timeout, 3, '.', ''), '0'), '.'),
                $retried,
            ));
        }
        return new ApiConnectionException(sprintf(
            'Could not reach %s at %s: %s%s. Check base_url and your network.',
            $this->apiName,
            self::origin($url),
            $outcome->curlError,
            $retried,
        ));
    }

    /**
     * @param array<string, string> $headers
     * @return list<string>
     */
    private static function lines(array $headers): array
    {
        $lines = [];
        foreach ($headers as $name => $value) {
            $lines[] = "{$name}: {$value}";
        }
        return $lines;
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

    /** The URL for a log line, without the signature of a signed download link. */
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
