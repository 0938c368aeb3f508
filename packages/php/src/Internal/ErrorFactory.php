<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\ApiException;
use Rankquill\Exception\AuthenticationException;
use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\ConflictException;
use Rankquill\Exception\InternalServerException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Exception\RateLimitException;
use Rankquill\HttpClient\HttpResponse;

/**
 * @internal The exception for a non-2xx answer.
 */
final class ErrorFactory
{
    private const CLASS_BY_STATUS = [
        400 => BadRequestException::class,
        401 => AuthenticationException::class,
        404 => NotFoundException::class,
        409 => ConflictException::class,
        429 => RateLimitException::class,
    ];

    /**
     * Reads the main API's `{"error": {"type", "message", "param", "request_id"}}` and the
     * public article API's `{"success": false, "error": "<message>"}`; any other body is quoted
     * after the status, cut at 500 characters. packages/contract/vectors/errors.json pins it down.
     * `$message`, when given, replaces the body's (the client knows better: a wrong address).
     */
    public static function fromResponse(HttpResponse $response, ?string $message = null): ApiException
    {
        $status = $response->status;
        $body = $response->body === '' ? null : json_decode($response->body, true);
        $details = \is_array($body) && \is_array($body['error'] ?? null) ? $body['error'] : [];
        $text = static fn (mixed $value): ?string => \is_string($value) ? $value : null;
        $publicMessage = \is_array($body) ? $text($body['error'] ?? null) : null;
        $message ??= $text($details['message'] ?? null)
            ?? ($publicMessage === '' ? null : $publicMessage)
            ?? (trim($response->body) !== ''
                ? "{$status}: " . mb_substr($response->body, 0, ClientPolicy::ERROR_EXCERPT_CHARS, 'UTF-8')
                : "The API answered with status {$status} and no error message.");
        $class = self::CLASS_BY_STATUS[$status]
            ?? ($status >= 500 ? InternalServerException::class : ApiException::class);
        return new $class(
            $message,
            $status,
            $text($details['type'] ?? null),
            $text($details['param'] ?? null),
            $text($details['request_id'] ?? null) ?? $response->header('x-request-id'),
            $response->headers(),
            $body ?? ($response->body === '' ? null : $response->body),
        );
    }
}
