<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\NotFoundException;
use Rankquill\Tests\Support\MemoryLogger;
use Rankquill\Testing\UsesMockServer;

/**
 * What README.md ("Errors and retries") says of curl: a call on a kept-alive connection that the
 * server closes before any byte of an answer is sent once more by libcurl itself, whatever the
 * method, on a fresh connection, with no retry counted or logged, even with `max_retries` 0.
 * libcurl has no option to turn that off (only to give up keep-alive). Against the reference
 * server started from the repository's CLI, its `disconnect` fault closing the connection after
 * the operation committed; the journal shows what reached the server.
 */
final class KeptAliveLostAnswerTest extends TestCase
{
    use UsesMockServer;

    protected static function mockServerOptions(): array
    {
        return ['command' => MockServerTest::repositoryCommand()];
    }

    public function testCurlSendsAPutAgainOnAKeptAliveConnectionThatClosedWithoutAnAnswer(): void
    {
        $logger = new MemoryLogger();
        $client = $this->mock->client(['max_retries' => 0, 'logger' => $logger]);
        $client->projects->retrieve($this->mock->projectId); // warms the connection
        $fault = $this->mock->disconnect('projects.update');

        $project = $client->projects->update($this->mock->projectId, ['name' => 'Renamed twice']);

        $this->assertSame('Renamed twice', $project->name);
        $sent = array_map(fn ($entry) => [$entry->status, $entry->fault], $this->mock->requests('projects.update'));
        $this->assertSame([[200, null], [null, $fault->id]], $sent, 'the PUT ran twice');
        $this->assertSame([], $logger->records, 'no retry the client counted or logged');
    }

    public function testCurlSendsAPostAgainWithItsIdempotencyKeySoTheFirstAnswerIsReplayed(): void
    {
        $client = $this->mock->client(['max_retries' => 0]);
        $client->projects->retrieve($this->mock->projectId);
        $this->mock->disconnect('content.create');

        $created = $client->content->withResponse()->create($this->mock->projectId, ['keyword' => 'kept alive']);

        $this->assertSame('true', $created->header('idempotent-replayed'));
        [$replayed, $lost] = $this->mock->requests('content.create');
        $this->assertSame([null, 202], [$lost->status, $replayed->status]);
        $this->assertSame($lost->idempotency_key, $replayed->idempotency_key);
        $this->assertCount(1, $client->content->list($this->mock->projectId)->data);
    }

    public function testCurlSendsADeleteAgainAndTheSecondFindsNothing(): void
    {
        $client = $this->mock->client(['max_retries' => 0]);
        $item = $client->content->create($this->mock->projectId, ['keyword' => 'deleted once']);
        $this->mock->disconnect('content.delete');

        $this->expectException(NotFoundException::class);
        try {
            $client->content->delete($this->mock->projectId, $item->id);
        } finally {
            $statuses = array_map(fn ($entry) => $entry->status, $this->mock->requests('content.delete'));
            $this->assertSame([404, null], $statuses);
            $this->assertSame([], $client->content->list($this->mock->projectId)->data);
        }
    }
}
