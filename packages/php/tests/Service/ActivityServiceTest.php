<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Model\ActivityEntry;
use Rankquill\Tests\Support\ServerTestCase;

final class ActivityServiceTest extends ServerTestCase
{
    public function testListsLifecycleEventsNewestFirstOnePageOrEveryEntry(): void
    {
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $job = $client->content->create($projectId, ['keyword' => 'cupping', 'length' => 300]);
        $this->server->advance(3600);
        $client->content->publish($projectId, $job->id);

        $page = $client->activity->list($projectId, ['limit' => 1]);
        $this->assertCount(1, $page->data);
        $this->assertInstanceOf(ActivityEntry::class, $page->data[0]);
        $this->assertSame(['content.published', $job->id], [$page->data[0]->type, $page->data[0]->content_id]);

        $entries = iterator_to_array($page->autoPagingIterator(), false);
        $this->assertCount($page->pagination->total, $entries);
        $mine = array_values(array_map(
            fn (ActivityEntry $entry) => $entry->type,
            array_filter($entries, fn (ActivityEntry $entry) => $entry->content_id === $job->id),
        ));
        $this->assertSame(['content.published', 'content.generated'], $mine);
    }
}
