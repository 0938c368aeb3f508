<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\ConflictException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\ManualClockException;
use Rankquill\Exception\RankquillException;
use Rankquill\Exception\WaitTimeoutException;
use Rankquill\Model\ContentCreateResponse;
use Rankquill\Model\ContentItem;
use Rankquill\RankquillClient;
use Rankquill\Tests\Support\ClockTicker;
use Rankquill\Tests\Support\ReferenceServer;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;

final class ContentServiceTest extends ServerTestCase
{
    public function testCreatesContentThatIsGeneratingThenADraftWhenTheClockMoves(): void
    {
        $client = $this->server->client();
        $job = $client->content->create($this->server->projectId, ['keyword' => 'cold brew ratio', 'length' => 400]);
        $this->assertInstanceOf(ContentCreateResponse::class, $job);
        $this->assertSame('generating', $job->status);
        $this->assertSame('blog_post', $job->type);
        $this->assertSame('2026-01-01T00:00:40.000Z', $job->estimated_completion);

        $generating = $client->content->retrieve($this->server->projectId, $job->id);
        $this->assertSame(ContentItem::STATUS_GENERATING, $generating->status);
        $this->assertNull($generating->title);

        $this->server->advance(40);
        $draft = $client->content->retrieve($this->server->projectId, $job->id);
        $this->assertSame(ContentItem::STATUS_DRAFT, $draft->status);
        $this->assertIsString($draft->title);
        $this->assertStringContainsString('<', (string) $draft->content);
        $this->assertGreaterThan(300, $draft->word_count);
    }

    public function testUpdatesPublishesUnpublishesAndDeletesAnArticle(): void
    {
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $draft = $client->content->list($projectId, ['status' => 'draft'])->data[0];

        $edited = $client->content->update(
            $projectId,
            $draft->id,
            ['title' => 'Cold brew, measured', 'keywords' => ['cold brew']],
        );
        $this->assertSame('Cold brew, measured', $edited->title);
        $this->assertSame(['cold brew'], $edited->keywords);
        $this->assertSame('draft', $edited->status);

        $published = $client->content->publish($projectId, $draft->id);
        $this->assertSame('published', $published->status);
        $this->assertSame('2026-01-01T00:00:00.000Z', $published->published_at);

        $again = $this->thrownBy(fn () => $client->content->publish($projectId, $draft->id), ConflictException::class);
        $this->assertSame('conflict_error', $again->getType());

        $unpublished = $client->content->unpublish($projectId, $draft->id);
        $this->assertSame('draft', $unpublished->status);

        $deleted = $client->content->delete($projectId, $draft->id);
        $this->assertTrue($deleted->deleted);
        $this->assertSame($draft->id, $deleted->id);
    }

    public function testListsContentByStatusOnePageOrEveryItem(): void
    {
        $client = $this->server->client();
        $published = $client->content->list($this->server->projectId, ['status' => 'published']);
        $this->assertSame(3, $published->pagination->total);
        foreach ($published as $item) {
            $this->assertSame('published', $item->status);
        }
        $all = iterator_to_array(
            $client->content->list($this->server->projectId, ['limit' => 2])->autoPagingIterator(),
            false,
        );
        $this->assertCount(5, $all);
        $this->assertContainsOnlyInstancesOf(ContentItem::class, $all);
        $this->assertSame(
            ['generating', 'draft', 'published', 'published', 'published'],
            array_map(fn (ContentItem $item) => $item->status, $all),
        );
    }

    public function testThrowsConflictWhenPublishingAnArticleStillGenerating(): void
    {
        $client = $this->server->client();
        $generating = $client->content->list($this->server->projectId, ['status' => 'generating'])->data[0];
        $error = $this->thrownBy(
            fn () => $client->content->publish($this->server->projectId, $generating->id),
            ConflictException::class,
        );
        $this->assertSame(409, $error->getStatus());
        $this->assertStringContainsString('generating', $error->getMessage());
    }

    public function testThrowsBadRequestForAnUnknownContentTypeNamingTheField(): void
    {
        $error = $this->thrownBy(
            fn () => $this->server->client()->content->create(
                $this->server->projectId,
                ['keyword' => 'x', 'type' => 'poem'],
            ),
            BadRequestException::class,
        );
        $this->assertSame('type', $error->getParam());
    }

    public function testCreateAndWaitPollsUntilTheArticleLeavesGeneratingWhileATestMovesTheManualClock(): void
    {
        $client = $this->server->client();
        $before = $this->requestsLeft($client);
        $ticker = new ClockTicker($this->server, 30, 50);
        try {
            $article = $client->content->createAndWait(
                $this->server->projectId,
                ['keyword' => 'chemex', 'length' => 300, 'auto_publish' => true],
                ['poll_interval' => 0.05, 'wait_timeout' => 30],
            );
        } finally {
            $ticker->stop();
        }
        $this->assertInstanceOf(ContentItem::class, $article);
        $this->assertSame('published', $article->status);
        $this->assertSame('chemex', $article->keyword);
        $this->assertNotNull($article->content);
        // The create call, at least one poll, and the retrieve that reads the figure.
        $this->assertGreaterThanOrEqual(3, $before - $this->requestsLeft($client));
    }

    public function testCreateAndWaitOnAManualClockPollsOnceAfterASecondByDefault(): void
    {
        $client = $this->server->client();
        $started = microtime(true);
        // 35 s of generation estimated: on a manual clock the first poll comes after a second
        // instead, and finds the article the moving clock finished meanwhile. (Without the rule,
        // wait_timeout would end it in WaitTimeoutException.)
        $ticker = new ClockTicker($this->server, 30, 50);
        try {
            $article = $client->content->createAndWait(
                $this->server->projectId,
                ['keyword' => 'moka pot', 'length' => 300],
                ['wait_timeout' => 10],
            );
        } finally {
            $ticker->stop();
        }
        $waited = microtime(true) - $started;
        $this->assertSame(ContentItem::STATUS_DRAFT, $article->status);
        $this->assertGreaterThanOrEqual(0.9, $waited);
        $this->assertLessThan(3, $waited);
    }

    public function testCreateAndWaitOnAManualClockThrowsWithinASecondNamingTheClockAndTheRouteThatMovesIt(): void
    {
        $client = $this->server->client();
        $started = microtime(true);
        $error = $this->thrownBy(
            fn () => $client->content->createAndWait(
                $this->server->projectId,
                ['keyword' => 'aeropress', 'length' => 300],
                ['wait_timeout' => 10],
            ),
            ManualClockException::class,
        );
        $waited = microtime(true) - $started;
        $this->assertInstanceOf(RankquillException::class, $error);
        $this->assertNotInstanceOf(WaitTimeoutException::class, $error);
        $this->assertMatchesRegularExpression('/^cnt_/', $error->getId());
        $this->assertStringContainsString('manual clock', $error->getMessage());
        $this->assertStringContainsString('POST /__admin/clock/advance', $error->getMessage());
        $this->assertStringContainsString($error->getId(), $error->getMessage());
        $this->assertGreaterThanOrEqual(0.9, $waited);
        $this->assertLessThan(2.5, $waited);
        // The item is there, generating, for the test to advance and retrieve.
        $this->server->advance(60);
        $this->assertSame(
            ContentItem::STATUS_DRAFT,
            $client->content->retrieve($this->server->projectId, $error->getId())->status,
        );
    }

    public function testCreateAndWaitOnARealClockKeepsWaitingPastASecond(): void
    {
        $server = ReferenceServer::realClock();
        $client = $server->client();
        $this->assertArrayNotHasKey(
            'x-rankquill-clock',
            $client->projects->withResponse()->retrieve($server->projectId)->headers,
        );
        $started = microtime(true);
        // 35 s of generation estimated: a 1.5 s wait ends in WaitTimeoutException, not ManualClockException.
        $error = $this->thrownBy(
            fn () => $client->content->createAndWait(
                $server->projectId,
                ['keyword' => 'french press', 'length' => 300],
                ['wait_timeout' => 1.5],
            ),
            WaitTimeoutException::class,
        );
        $this->assertGreaterThanOrEqual(1.5, microtime(true) - $started);
        $this->assertStringContainsString('still generating', $error->getMessage());
    }

    public function testCreateAndWaitWaitsForTheEstimatedTimeAndGivesUpAtItsWaitTimeout(): void
    {
        $client = $this->server->client();
        $before = $this->requestsLeft($client);
        $started = microtime(true);
        // 300 words take 20 + 15 s of server time: the wait of 0.3 s ends before the first regular poll.
        $error = $this->thrownBy(
            fn () => $client->content->createAndWait(
                $this->server->projectId,
                ['keyword' => 'siphon', 'length' => 300],
                ['wait_timeout' => 0.3],
            ),
            WaitTimeoutException::class,
        );
        $elapsed = microtime(true) - $started;
        $this->assertMatchesRegularExpression('/^cnt_/', $error->getId());
        $this->assertStringContainsString('still generating', $error->getMessage());
        $this->assertGreaterThanOrEqual(0.3, $elapsed);
        $this->assertLessThan(5, $elapsed);
        $after = $this->requestsLeft($client);
        // The create call, one poll at the deadline, and this retrieve.
        $this->assertSame($before - 3, $after);
        $this->thrownBy(
            fn () => $client->content->createAndWait($this->server->projectId, ['keyword' => 'x'], ['poll_every' => 1]),
            InvalidArgumentException::class,
        );
    }

    public function testReusesTheIdempotencyKeyAcrossRetriesSoALostAnswerNeverCreatesTwice(): void
    {
        // The first POST reaches the server, which creates the article; its answer comes too late.
        $proxy = ScriptedServer::start([
            ['forward' => $this->server->url, 'hang_ms' => 1500],
            ['forward' => $this->server->url],
        ]);
        try {
            $client = $this->server->client(['base_url' => $proxy->url . '/v1', 'timeout' => 0.5, 'max_retries' => 2]);
            $response = $client->content->withResponse()->create(
                $this->server->projectId,
                ['keyword' => 'vietnamese coffee'],
            );
            $requests = $proxy->requests();
        } finally {
            $proxy->stop();
        }
        $this->assertCount(2, $requests);
        $key = $requests[0]['headers']['idempotency-key'];
        $this->assertMatchesRegularExpression(
            '/^rq-php-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/',
            $key,
        );
        $this->assertSame($key, $requests[1]['headers']['idempotency-key']);
        $this->assertSame('true', $response->header('idempotent-replayed'));

        $generating = $this->server->client()->content->list(
            $this->server->projectId,
            ['status' => 'generating', 'limit' => 100],
        );
        $matches = array_values(array_filter(
            $generating->data,
            fn (ContentItem $item) => $item->keyword === 'vietnamese coffee',
        ));
        $this->assertCount(1, $matches);
        $this->assertSame($response->data->id, $matches[0]->id);
    }

    public function testTheCallerMayChooseTheIdempotencyKeyAndReusingItWithAnotherBodyIsAConflict(): void
    {
        $client = $this->server->client();
        $first = $client->content->create(
            $this->server->projectId,
            ['keyword' => 'turkish coffee'],
            ['idempotency_key' => 'order-42'],
        );
        $replay = $client->content->withResponse()->create(
            $this->server->projectId,
            ['keyword' => 'turkish coffee'],
            ['idempotency_key' => 'order-42'],
        );
        $this->assertSame($first->id, $replay->data->id);
        $this->assertSame('true', $replay->header('Idempotent-Replayed'));
        $error = $this->thrownBy(
            fn () => $client->content->create(
                $this->server->projectId,
                ['keyword' => 'greek coffee'],
                ['idempotency_key' => 'order-42'],
            ),
            ConflictException::class,
        );
        $this->assertSame('Idempotency-Key', $error->getParam());
        $fresh = $client->content->create($this->server->projectId, ['keyword' => 'turkish coffee']);
        $this->assertNotSame($first->id, $fresh->id);
    }

    /** The account's requests left this hour, read with one request. */
    private function requestsLeft(RankquillClient $client): int
    {
        return $client->projects->withResponse()->retrieve($this->server->projectId)->rateLimit->remaining;
    }
}
