<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Testing\MockServer;
use Rankquill\Testing\UsesMockServer;
use Rankquill\Tests\Support\ReferenceServer;

/**
 * The three tests every language's mock helper must pass, through UsesMockServer only: one
 * server for the class, started from the repository's CLI, a fresh account per test.
 */
final class MockServerTest extends TestCase
{
    use UsesMockServer;

    protected static function mockServerOptions(): array
    {
        return ['command' => self::repositoryCommand()];
    }

    public static function repositoryCommand(): string
    {
        return escapeshellarg(getenv('RANKQUILL_NODE') ?: 'node') . ' '
            . escapeshellarg(ReferenceServer::repositoryRoot() . '/mock-server/dist/cli.js');
    }

    public function testCreateAndWaitWithAdvance(): void
    {
        $client = $this->mock->client();
        $article = $client->content->create($this->mock->projectId, ['keyword' => 'cold brew', 'length' => 800]);
        $this->assertSame('generating', $article->status);
        $this->assertSame('2026-01-01T00:01:30.000Z', $this->mock->advance(90));
        $this->assertSame('draft', $client->content->retrieve($this->mock->projectId, $article->id)->status);
    }

    public function testPublishShowsTheDeliveryInDeliveries(): void
    {
        $client = $this->mock->client();
        // Nothing listens on port 9 (discard): the attempt fails, and the delivery is listed all the same.
        $webhook = ['url' => 'http://127.0.0.1:9/hook', 'secret' => 'shh'];
        $client->projects->update($this->mock->projectId, ['webhook' => $webhook]);
        $article = $client->content->create($this->mock->projectId, ['keyword' => 'french press', 'length' => 400]);
        $this->mock->advance(60);
        $client->content->publish($this->mock->projectId, $article->id);
        $this->mock->advance(0);
        $events = array_map(static fn ($delivery): string => $delivery->event, $this->mock->deliveries());
        $this->assertContains('content.published', $events);
        $this->assertSame([], $this->mock->freshAccount()->deliveries(), 'another account sees none of them');
    }

    public function testPublicArticles(): void
    {
        $client = $this->mock->client();
        $article = $client->content->create(
            $this->mock->projectId,
            ['keyword' => 'pour over', 'length' => 400, 'auto_publish' => true],
        );
        $this->assertSame([], $this->mock->publicArticles()->list()->articles, 'a fresh project has no article');
        $this->mock->advance(60);
        $titles = array_map(static fn ($item): string => $item->title, $this->mock->publicArticles()->list()->articles);
        $this->assertSame([$client->content->retrieve($this->mock->projectId, $article->id)->title], $titles);
    }

    public function testEachTestGetsItsOwnAccountOnOneServer(): void
    {
        $other = $this->mock->freshAccount();
        $this->assertSame($this->mock->url, $other->url);
        $this->assertNotSame($this->mock->apiKey, $other->apiKey);
        $this->assertNotSame($this->mock->projectId, $other->projectId);
        $this->assertStringEndsWith('/v1', $this->mock->baseUrl);
        $this->assertStringEndsWith('/public-article-api', $this->mock->contentApiUrl);
        $this->assertCount(1, $other->client()->projects->list()->data);
    }

    public function testTellsTheClockAndResetsTheServerToAFreshAccount(): void
    {
        $mock = MockServer::start(['command' => self::repositoryCommand()]);
        try {
            $before = $mock->now();
            $mock->advance(30);
            $this->assertSame(30.0, (float) (strtotime($mock->now()) - strtotime($before)));
            $mock->client()->projects->create(['name' => 'Second', 'domain' => 'second.example']);
            $fresh = $mock->reset(['name' => 'After reset']);
            $this->assertSame($before, $fresh->now(), 'the clock is back at its start');
            // The account's first project and the one created since are gone.
            $this->assertSame(['After reset'], array_map(
                static fn ($project): string => $project->name,
                $fresh->client()->projects->list()->data,
            ));
        } finally {
            $mock->stop();
        }
    }

    public function testStopEndsTheProcess(): void
    {
        $mock = MockServer::start(['command' => self::repositoryCommand()]);
        $mock->stop();
        $curl = curl_init($mock->url . '/healthz');
        curl_setopt_array($curl, [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 5]);
        $this->assertFalse(curl_exec($curl), 'nothing answers after stop()');
    }
}
