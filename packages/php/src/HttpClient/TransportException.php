<?php

declare(strict_types=1);

namespace Rankquill\HttpClient;

/**
 * Thrown by a `ClientInterface` when no answer came. The library retries it as a connection
 * error and, when the retries run out, throws `TimeoutException` (if `$timedOut`) or
 * `ApiConnectionException` to the caller.
 *
 * @example
 * throw TransportException::timedOut('no answer within 30 s');
 * throw TransportException::connectionFailed('connection refused', $previous);
 */
final class TransportException extends \RuntimeException
{
    private function __construct(string $message, public readonly bool $timedOut, ?\Throwable $previous)
    {
        parent::__construct($message, 0, $previous);
    }

    /**
     * The request took longer than its `timeout`.
     *
     * @example
     * throw TransportException::timedOut('No answer within 5 s');
     */
    public static function timedOut(string $message, ?\Throwable $previous = null): self
    {
        return new self($message, true, $previous);
    }

    /**
     * The server could not be reached, or the connection broke before the answer was complete.
     *
     * @example
     * throw TransportException::connectionFailed('Connection refused', $previous);
     */
    public static function connectionFailed(string $message, ?\Throwable $previous = null): self
    {
        return new self($message, false, $previous);
    }
}
