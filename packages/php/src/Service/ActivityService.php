<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Model\ActivityEntry;
use Rankquill\Page;

/**
 * A project's activity feed: lifecycle events and webhook delivery outcomes, `$client->activity`.
 *
 * @example
 * foreach ($client->activity->list($projectId)->autoPagingIterator() as $entry) {
 *     echo $entry->created_at, ' ', $entry->message, "\n";
 * }
 */
class ActivityService extends AbstractService
{
    /**
     * Lists the project's activity, newest first.
     *
     * @example
     * $latest = $client->activity->list('proj_123', ['limit' => 5])->data;
     *
     * @param array{limit?: int, offset?: int} $params
     * @param array<string, mixed> $options
     * @return Page<ActivityEntry>
     */
    public function list(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(
            ActivityEntry::class,
            'activity.list',
            [$projectId],
            $params,
            $options,
        );
    }
}
