<?php

declare(strict_types=1);

namespace Rankquill\Testing;

use Rankquill\Internal\Endpoint;

/**
 * @internal One call of the mock server's admin operations (the generated table's `testing`
 * ones: clock, reset, accounts, faults, the request journal), with plain curl: no retries, so a
 * refused call shows at once. A status outside 2xx is a MockServerException that carries the
 * status and the server's own message.
 *
 * @example
 * $now = AdminCall::send('http://127.0.0.1:41877', 'admin.clock.retrieve')['now'];
 * AdminCall::send($url, 'admin.faults.delete', ids: ['flt_123']);
 */
final class AdminCall
{
    /**
     * @param string $serverUrl the server's root address
     * @param array<string, mixed>|null $body the JSON body; null for none
     * @param list<string> $ids the operation's path parameters, in order
     * @param array<string, string|int> $query
     * @return array<string, mixed> the parsed JSON answer
     */
    public static function send(
        string $serverUrl,
        string $operation,
        ?array $body = null,
        array $ids = [],
        array $query = [],
    ): array {
        $endpoint = Endpoint::of($operation, $ids);
        $target = $endpoint->path . ($query === [] ? '' : '?' . http_build_query($query, '', '&', PHP_QUERY_RFC3986));
        $curl = curl_init($serverUrl . $target);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $endpoint->method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 120,
        ]);
        if ($body !== null) {
            curl_setopt($curl, CURLOPT_HTTPHEADER, ['content-type: application/json']);
            curl_setopt($curl, CURLOPT_POSTFIELDS, json_encode($body, JSON_THROW_ON_ERROR));
        }
        $text = curl_exec($curl);
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        $answer = \is_string($text) ? json_decode($text, true) : null;
        if ($status >= 200 && $status <= 299 && \is_array($answer)) {
            return $answer;
        }
        $message = \is_array($answer) && \is_string($answer['error']['message'] ?? null)
            ? $answer['error']['message']
            : (\is_string($text) && $text !== '' ? $text : curl_error($curl));
        // The path only: a query holds the test's keys.
        throw new MockServerException(
            "The mock server answered {$status} to {$endpoint->method} {$endpoint->path}: {$message}",
            $status,
        );
    }
}
