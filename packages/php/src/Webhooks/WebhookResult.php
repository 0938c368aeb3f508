<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * The answer a receiver gives a delivery (spec 6): `200 {"success": true, "url": "..."}`, or
 * `400`/`401`/`405`/`413`/`500 {"error": "..."}` (a 405 with `Allow: POST` in `headers`), so the
 * service retries what failed on your side.
 *
 * @example
 * $result = $receiver->handle(getallheaders(), file_get_contents('php://input'));
 * http_response_code($result->status);
 * header('Content-Type: application/json');
 * echo $result->json();
 */
final class WebhookResult
{
    /**
     * @internal The receiver builds these; there is no need to construct one.
     *
     * @param array{success?: bool, url?: string, error?: string} $body
     */
    public function __construct(
        /** HTTP status to answer. */
        public readonly int $status,
        /** The JSON body to answer. */
        public readonly array $body,
        /** The event of the delivery, when it could be told. */
        public readonly ?string $event = null,
        /**
         * Headers to answer with the body, such as `['Allow' => 'POST']` on a 405.
         *
         * @var array<string, string>
         */
        public readonly array $headers = [],
    ) {
    }

    /**
     * @internal A refusal: `{"error": ...}` with its status.
     *
     * @param array<string, string> $headers
     */
    public static function failure(int $status, string $error, ?string $event = null, array $headers = []): self
    {
        return new self($status, ['error' => $error], $event, $headers);
    }

    /**
     * The body as JSON.
     *
     * @example
     * echo $result->json(); // {"success":true,"url":"/en/resources/blog/cold-brew-ratio"}
     */
    public function json(): string
    {
        return json_encode($this->body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
    }

    /**
     * Sends the answer of the current PHP request: status, JSON content type, the result's
     * headers and the body.
     *
     * @example
     * $receiver->handle($headers, $body)->send();
     *
     * @param array<string, string> $headers more headers to send
     */
    public function send(array $headers = []): void
    {
        if (!headers_sent()) {
            http_response_code($this->status);
            header('Content-Type: application/json; charset=utf-8');
            header('Cache-Control: no-store');
            foreach ($headers + $this->headers as $name => $value) {
                header("{$name}: {$value}");
            }
        }
        echo $this->json();
    }
}
