<?php

declare(strict_types=1);

namespace Rankquill\HttpClient;

use Rankquill\Internal\FileSink;
use Rankquill\Internal\Secret;
use Rankquill\Internal\StreamingClient;

/**
 * The default `ClientInterface`: PHP's curl extension, one kept-alive handle per client, files
 * written as they arrive. The key's header goes onto the handle only while it is configured,
 * so no exception's trace carries it as an argument.
 *
 * @example
 * $client = new \Rankquill\RankquillClient(['http_client' => new \Rankquill\HttpClient\CurlClient()]);
 */
final class CurlClient implements ClientInterface, StreamingClient
{
    private ?\CurlHandle $curl = null;
    /** What the handle is set up for, when the last request was a GET that can be repeated as is. */
    private ?string $lastSetup = null;
    private ?Secret $lastCredentials = null;
    private string $errorBody = '';
    private string $streamedHeaders = '';

    /**
     * Sends one attempt with curl and answers the status, headers and body; a network failure or
     * a timeout throws TransportException.
     *
     * @example
     * $response = (new CurlClient())->send(new HttpRequest('GET', 'http://127.0.0.1:4010/health', []));
     * echo $response->status; // 200
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
        $curl = $this->curl ??= curl_init();
        $milliseconds = (int) ceil($request->timeout * 1000);
        $lines = self::lines($request->headersWithoutCredentials());
        // A GET like the one before (same headers, key and timeout) only needs its URL set:
        // resetting and configuring the handle again would cost a fast local call a noticeable share.
        $setup = $request->method === 'GET' && $sink === null ? $milliseconds . "\n" . implode("\n", $lines) : null;
        if ($setup !== null && $setup === $this->lastSetup && $request->credentials() === $this->lastCredentials) {
            curl_setopt($curl, CURLOPT_URL, $request->url);
        } else {
            $this->configure($curl, $request, $lines, $milliseconds, $sink);
            $this->lastSetup = $setup;
            $this->lastCredentials = $request->credentials();
        }
        $this->errorBody = '';
        $this->streamedHeaders = '';
        $result = curl_exec($curl);
        $status = $result === false ? 0 : (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        if ($status === 0 || curl_errno($curl) !== 0) {
            $this->lastSetup = null;
            $message = curl_error($curl) ?: 'no answer';
            throw curl_errno($curl) === CURLE_OPERATION_TIMEDOUT
                ? TransportException::timedOut($message)
                : TransportException::connectionFailed($message);
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
        HttpRequest $request,
        array $lines,
        int $milliseconds,
        ?FileSink $sink,
    ): void {
        curl_reset($curl);
        // A copy: a trace shows a parameter's current value, so the key never goes into `$lines`.
        $sendLines = $lines;
        $credentials = $request->credentials();
        if ($credentials !== null) {
            $sendLines[] = $credentials->reveal();
        }
        if ($request->body !== null) {
            // No `Expect: 100-continue` round trip before a larger body.
            $sendLines[] = 'Expect:';
        }
        $options = [
            CURLOPT_URL => $request->url,
            CURLOPT_HTTPHEADER => $sendLines,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_NOSIGNAL => true,
            CURLOPT_CONNECTTIMEOUT_MS => $milliseconds,
        ];
        if ($request->method === 'GET') {
            $options[CURLOPT_HTTPGET] = true;
        } else {
            $options[CURLOPT_CUSTOMREQUEST] = $request->method;
            if ($request->body !== null || $request->method === 'POST') {
                $options[CURLOPT_POSTFIELDS] = $request->body ?? '';
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

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return ['handle' => $this->curl === null ? 'not opened' : 'open'];
    }
}
