<?php

declare(strict_types=1);

namespace Rankquill\Exception;

use Rankquill\Internal\ClientPolicy;
use Rankquill\Internal\Operations;

/**
 * `$client->content->createAndWait()` stopped waiting because the server runs a manual clock (a
 * `rankquill-mock serve --clock manual` in a test; it answers `x-rankquill-clock: manual`): its
 * time moves only through `POST /__admin/clock/advance`, so waiting would never end. It polls for
 * at most a second first, so a test that moves the clock meanwhile still gets the article.
 * Advance the clock past the item's `estimated_completion`, then retrieve it.
 *
 * @example
 * try {
 *     $article = $client->content->createAndWait($projectId, ['keyword' => 'cold brew ratio']);
 * } catch (ManualClockException $e) {
 *     echo 'advance the clock, then retrieve ', $e->getId();
 * }
 */
class ManualClockException extends \RuntimeException implements RankquillException
{
    /**
     * @internal `createAndWait()` throws these; there is no need to construct one.
     */
    public function __construct(private readonly string $id)
    {
        $advance = Operations::TABLE['admin.clock.advance'];
        parent::__construct(
            "{$id} is still generating, and the server runs a manual clock (it answers "
            . ClientPolicy::CLOCK_MODE_HEADER . ": manual): its time moves only through {$advance['method']} "
            . "{$advance['path']}, so waiting would never end. Advance the clock past estimated_completion, then "
            . "retrieve {$id}.",
        );
    }

    /**
     * Id of the item that is still generating.
     *
     * @example
     * $client->content->retrieve($projectId, $e->getId());
     */
    public function getId(): string
    {
        return $this->id;
    }
}
