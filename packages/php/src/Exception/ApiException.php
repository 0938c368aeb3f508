<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * The API answered with a status other than 2xx. Subclasses name the common statuses; any
 * other status is an `ApiException` itself. `getCode()` is the HTTP status too.
 *
 * @example
 * try {
 *     $client->projects->create(['name' => 'Docs', 'domain' => 'not a domain']);
 * } catch (ApiException $e) {
 *     echo $e->getStatus(), ' ', $e->getType(), ' ', $e->getParam(), ' ', $e->getRequestId();
 * }
 */
class ApiException extends \RuntimeException implements RankquillException
{
    /**
     * @internal The client builds these from an answer; there is no need to construct one.
     *
     * @param array<string, string> $headers answer headers, lower-case names
     */
    final public function __construct(
        string $message,
        private readonly int $status,
        private readonly ?string $type = null,
        private readonly ?string $param = null,
        private readonly ?string $requestId = null,
        private readonly array $headers = [],
        private readonly mixed $body = null,
    ) {
        parent::__construct($message, $status);
    }

    /**
     * HTTP status of the answer.
     *
     * @example
     * if ($e->getStatus() === 409) { ... }
     */
    public function getStatus(): int
    {
        return $this->status;
    }

    /**
     * Stable error type of the main API, such as `invalid_request_error`; null when the body had none.
     *
     * @example
     * $e->getType() === 'conflict_error';
     */
    public function getType(): ?string
    {
        return $this->type;
    }

    /**
     * The request field that was wrong, when one was, such as `domain` or `Idempotency-Key`.
     *
     * @example
     * echo "fix the {$e->getParam()} field";
     */
    public function getParam(): ?string
    {
        return $this->param;
    }

    /**
     * Id of the request (`X-Request-Id`); quote it when reporting a problem.
     *
     * @example
     * error_log("request {$e->getRequestId()} failed");
     */
    public function getRequestId(): ?string
    {
        return $this->requestId;
    }

    /**
     * Headers of the answer, with lower-case names.
     *
     * @example
     * $e->getHeaders()['x-ratelimit-remaining'] ?? null;
     *
     * @return array<string, string>
     */
    public function getHeaders(): array
    {
        return $this->headers;
    }

    /**
     * The decoded error body, or its text when it was not JSON.
     *
     * @example
     * $e->getBody()['error']['message'];
     */
    public function getBody(): mixed
    {
        return $this->body;
    }
}
