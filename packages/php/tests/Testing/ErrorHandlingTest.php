<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\ApiException;
use Rankquill\Exception\TimeoutException;
use Rankquill\Model\Fault;
use Rankquill\Model\RequestJournalEntry;
use Rankquill\Testing\MockServer;
use Rankquill\Testing\UsesMockServer;
use Rankquill\Tests\Support\ConcurrentGets;

/**
 * Issue 28's "Done means" for PHP, through UsesMockServer's verbs and RankquillClient against
 * the reference server started from the repository's CLI: 503s retried with one
 * Idempotency-Key, a lost answer replayed, a 429 waited out, a delay past the client's timeout,
 * and two accounts' faults side by side.
 */
final class ErrorHandlingTest extends TestCase
{
    use UsesMockServer;

    protected static function mockServerOptions(): array
    {
        return ['command' => MockServerTest::repositoryCommand()];
    }

    public function testTwo503sOnACreateAreRetriedWithOneIdempotencyKeyAndMakeOneItem(): void
    {
        $client = $this->mock->client(); // two retries by default
        $fault = $this->mock->fail('content.create', 503, times: 2);

        $article = $client->content->create($this->mock->projectId, ['keyword' => 'cold brew ratio']);

        $this->assertSame('generating', $article->status);
        $attempts = $this->mock->requests('content.create');
        $this->assertSame([202, 503, 503], self::statuses($attempts));
        $this->assertSame([null, $fault->id, $fault->id], array_map(fn ($entry) => $entry->fault, $attempts));
        $keys = array_unique(array_map(fn ($entry) => $entry->idempotency_key, $attempts));
        $this->assertCount(1, $keys);
        $this->assertStringStartsWith('rq-php-', (string) $keys[0]);
        $this->assertSame([$article->id], self::contentIds($this->mock));
        $this->assertSame([], $this->mock->faults(), 'the fault ran out after two requests');
    }

    public function testALostAnswerIsRetriedAndReplayedForTheSameKeyWithOneItem(): void
    {
        $client = $this->mock->client();
        $fault = $this->mock->disconnect('content.create'); // afterCommit: true
        $this->assertSame('after', $fault->disconnect);

        $response = $client->content->withResponse()->create($this->mock->projectId, ['keyword' => 'lost answer']);

        $this->assertSame('true', $response->header('idempotent-replayed'));
        [$replayed, $lost] = $this->mock->requests('content.create');
        $this->assertSame([202, null], [$replayed->status, $lost->status]);
        $this->assertSame($fault->id, $lost->fault);
        $this->assertSame($lost->idempotency_key, $replayed->idempotency_key);
        $this->assertSame([$response->data->id], self::contentIds($this->mock));
    }

    public function testA429WithRetryAfterOneIsWaitedOut(): void
    {
        $client = $this->mock->client();
        $fault = $this->mock->fail('projects.retrieve', 429, headers: ['Retry-After' => '1']);
        $this->assertSame(['Retry-After' => '1'], $fault->headers);

        $started = microtime(true);
        $project = $client->projects->retrieve($this->mock->projectId);
        $elapsed = microtime(true) - $started;

        $this->assertSame($this->mock->projectId, $project->id);
        $this->assertGreaterThanOrEqual(1.0, $elapsed, 'the client waited the second Retry-After asked for');
        $this->assertLessThan(10.0, $elapsed);
        $this->assertSame([200, 429], self::statuses($this->mock->requests('projects.retrieve')));
    }

    public function testADelayLongerThanTheClientsTimeoutRaisesItsTimeoutException(): void
    {
        $client = $this->mock->client(['timeout' => 0.5, 'max_retries' => 0]);
        $this->mock->delay('projects.retrieve', 3000);

        $started = microtime(true);
        try {
            $client->projects->retrieve($this->mock->projectId);
            $this->fail('Expected a TimeoutException: the server held the request for 3 s.');
        } catch (TimeoutException $timeout) {
            $this->assertStringContainsString('did not answer within 0.5 s', $timeout->getMessage());
        }
        $this->assertLessThan(2.5, microtime(true) - $started, 'the client gave up at its timeout, not the delay');
    }

    public function testTwoAccountsWithFaultsAtTheSameTimeNeverSeeEachOthers(): void
    {
        $mine = $this->mock;
        $theirs = $this->mock->freshAccount();
        $mineFaults = [
            $mine->delay('projects.list', 1500, times: null),
            $mine->fail('content.create', 503, times: null),
        ];
        $theirFaults = [
            $theirs->fail('projects.list', 502, times: null),
            $theirs->fail('content.create', 500, times: null),
        ];

        // Both accounts' projects.list at once: theirs gets its 502 at once, mine is held and then answered.
        $answers = ConcurrentGets::send([
            'mine' => [$mine->baseUrl . '/projects', $mine->apiKey],
            'theirs' => [$theirs->baseUrl . '/projects', $theirs->apiKey],
        ]);
        $this->assertSame(200, $answers['mine']['status']);
        $this->assertGreaterThanOrEqual(1.5, $answers['mine']['seconds']);
        $this->assertSame(502, $answers['theirs']['status']);
        $this->assertLessThan(1.5, $answers['theirs']['seconds'], 'my delay did not hold their request');

        $this->assertSame(503, self::statusOfCreate($mine));
        $this->assertSame(500, self::statusOfCreate($theirs));
        $this->assertSame(self::ids($mineFaults), self::ids($mine->faults()));
        $this->assertSame(self::ids($theirFaults), self::ids($theirs->faults()));
        // Each journal holds its own requests only: one list and one create each, under its own fault.
        foreach ([[$mine, $mineFaults, 503], [$theirs, $theirFaults, 500]] as [$account, $faults, $status]) {
            $entries = $account->requests();
            $this->assertSame(
                ['content.create', 'projects.list', 'projects.create'],
                array_map(fn ($entry) => $entry->operation, $entries),
            );
            $applied = array_map(fn ($entry) => $entry->fault, $entries);
            $this->assertSame([$faults[1]->id, $faults[0]->id, null], $applied);
            $this->assertSame($status, $entries[0]->status);
            $this->assertSame("/v1/projects/{$account->projectId}/content", $entries[0]->path);
        }
        $ids = fn (MockServer $account) => array_map(fn ($entry) => $entry->id, $account->requests());
        $this->assertSame([], array_intersect($ids($mine), $ids($theirs)));

        $this->assertSame(2, $mine->clearFaults());
        $this->assertSame(self::ids($theirFaults), self::ids($theirs->faults()));
        $this->assertSame(500, self::statusOfCreate($theirs));
    }

    /**
     * @param list<RequestJournalEntry> $entries
     * @return list<int|null>
     */
    private static function statuses(array $entries): array
    {
        return array_map(fn ($entry) => $entry->status, $entries);
    }

    /**
     * @param list<Fault> $faults
     * @return list<string>
     */
    private static function ids(array $faults): array
    {
        return array_map(fn ($fault) => $fault->id, $faults);
    }

    /** @return list<string> the ids of the project's content items */
    private static function contentIds(MockServer $mock): array
    {
        return array_map(fn ($item) => $item->id, $mock->client()->content->list($mock->projectId)->data);
    }

    private static function statusOfCreate(MockServer $mock): int
    {
        try {
            $mock->client(['max_retries' => 0])->content->create($mock->projectId, ['keyword' => 'side by side']);
        } catch (ApiException $error) {
            return $error->getStatus();
        }
        return 202;
    }
}
