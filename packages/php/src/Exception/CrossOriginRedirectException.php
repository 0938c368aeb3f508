<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * The API's address answered a redirect to another origin. The client follows no redirect, so
 * neither the key nor a request body (a webhook secret of `projects->update()`) reached that
 * origin. Not retried: the same request gets the same redirect.
 *
 * @example
 * try {
 *     $client->projects->list();
 * } catch (CrossOriginRedirectException $e) {
 *     error_log($e->getFromOrigin() . ' redirects to ' . $e->getToOrigin());
 * }
 */
final class CrossOriginRedirectException extends ApiConnectionException
{
    /** @internal The client builds these from an answer; there is no need to construct one. */
    public function __construct(
        string $message,
        private readonly int $status,
        private readonly string $fromOrigin,
        private readonly string $toOrigin,
    ) {
        parent::__construct($message, $status);
    }

    /**
     * The redirect's status, such as 307.
     *
     * @example
     * $e->getStatus() === 308;
     */
    public function getStatus(): int
    {
        return $this->status;
    }

    /**
     * The origin the request went to, such as `https://api.example.com`.
     *
     * @example
     * echo $e->getFromOrigin();
     */
    public function getFromOrigin(): string
    {
        return $this->fromOrigin;
    }

    /**
     * The other origin the redirect points at.
     *
     * @example
     * echo $e->getToOrigin();
     */
    public function getToOrigin(): string
    {
        return $this->toOrigin;
    }
}
