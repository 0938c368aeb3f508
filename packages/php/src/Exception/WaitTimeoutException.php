<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * A `createAndWait()` gave up: the item was still being worked on when `wait_timeout` ran out.
 *
 * @example
 * try {
 *     $article = $client->content->createAndWait($projectId, ['keyword' => 'x'], ['wait_timeout' => 30]);
 * } catch (WaitTimeoutException $e) {
 *     $later = $e->getId(); // retrieve it later
 * }
 */
class WaitTimeoutException extends \RuntimeException implements RankquillException
{
    /**
     * @internal `createAndWait()` throws these; there is no need to construct one.
     */
    public function __construct(private readonly string $id, float $waitedSeconds, string $state)
    {
        parent::__construct(sprintf(
            '%s was still %s after %.1f s. Retrieve it later, or pass a longer wait_timeout.',
            $id,
            $state,
            $waitedSeconds,
        ));
    }

    /**
     * Id of the item still being worked on.
     *
     * @example
     * $client->content->retrieve($projectId, $e->getId());
     */
    public function getId(): string
    {
        return $this->id;
    }
}
