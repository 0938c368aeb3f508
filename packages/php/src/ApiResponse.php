<?php

declare(strict_types=1);

namespace Rankquill;

/**
 * What a call made through `withResponse()` answers: the data the method returns, with the
 * status, headers, request id and rate-limit figures of the answer it came from.
 *
 * @example
 * $response = $client->projects->withResponse()->retrieve('proj_123');
 * $project = $response->data;
 * echo $response->statusCode, ' ', $response->requestId, ' ', $response->rateLimit?->remaining;
 *
 * @template T
 */
final class ApiResponse
{
    /** `X-Request-Id` of the answer; quote it when reporting a problem. */
    public readonly ?string $requestId;
    /** The account's request budget after this call, when the server reported it. */
    public readonly ?RateLimit $rateLimit;

    /**
     * @internal `withResponse()` builds these; there is no need to construct one.
     *
     * @param T $data
     * @param array<string, string> $headers
     */
    public function __construct(
        /** What the method returns: a model, a page or an export file. */
        public readonly mixed $data,
        /** HTTP status of the answer. */
        public readonly int $statusCode,
        /** Headers of the answer, with lower-case names. */
        public readonly array $headers,
    ) {
        $this->requestId = $headers['x-request-id'] ?? null;
        $this->rateLimit = RateLimit::fromHeaders($headers);
    }

    /**
     * One header of the answer, by any case of its name; null when absent.
     *
     * @example
     * $response->header('Idempotent-Replayed'); // 'true' for a replayed POST
     */
    public function header(string $name): ?string
    {
        return $this->headers[strtolower($name)] ?? null;
    }
}
