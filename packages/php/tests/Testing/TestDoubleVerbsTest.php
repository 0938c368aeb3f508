<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\ApiException;
use Rankquill\Exception\ApiConnectionException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\RateLimitException;
use Rankquill\Model\Fault;
use Rankquill\Testing\MockServer;
use Rankquill\Testing\MockServerException;
use Rankquill\Testing\UsesMockServer;

/**
 * MockServer's test-double verbs one by one, against the reference server started from the
 * repository's CLI: their scope, their answers, their errors, the closure form, and
 * UsesMockServer removing a test's faults after it.
 */
final class TestDoubleVerbsTest extends TestCase
{
    use UsesMockServer;

    protected static function mockServerOptions(): array
    {
        return ['command' => MockServerTest::repositoryCommand()];
    }

    public function testScopesAFaultToTheAccountAndPublicArticlesGetToTheProjectsPublicKey(): void
    {
        $other = $this->mock->freshAccount();
        $fault = $this->mock->fail('projects.list', 502);
        $this->assertInstanceOf(Fault::class, $fault);
        $this->assertStringStartsWith('flt_', $fault->id);
        $this->assertSame(
            ['projects.list', 502, 'rq_test_…', 1],
            [$fault->operation, $fault->status, $fault->api_key, $fault->times],
        );
        $this->assertCount(1, $other->client(['max_retries' => 0])->projects->list()->data);
        $this->assertSame(502, $this->statusOf(fn () => $this->mock->client(['max_retries' => 0])->projects->list()));
        $this->assertCount(1, $this->mock->client(['max_retries' => 0])->projects->list()->data, 'times: 1');

        $onPublic = $this->mock->fail('publicArticles.get', 429, headers: ['Retry-After' => '3']);
        $publicKey = substr($this->mock->publicApiKey, 0, 8) . '…';
        $this->assertSame([$publicKey, null], [$onPublic->public_api_key, $onPublic->api_key]);
        $this->assertSame([], $other->publicArticles(['max_retries' => 0])->list()->articles);
        try {
            $this->mock->publicArticles(['max_retries' => 0])->list();
            $this->fail('Expected the 429 of the fault on publicArticles.get.');
        } catch (RateLimitException $limited) {
            $this->assertSame(3, $limited->getRetryAfter());
            $this->assertStringContainsString($onPublic->id, $limited->getMessage());
        }
    }

    public function testDelayAndDisconnectAnswerTheirFaultAndTimesNullLastsUntilRemoved(): void
    {
        $delay = $this->mock->delay('content.list', 250, times: 3);
        $this->assertSame([250, 3, null], [$delay->delay_ms, $delay->times, $delay->status]);
        $before = $this->mock->disconnect('content.create', afterCommit: false, times: null);
        $this->assertSame(['before', null], [$before->disconnect, $before->times]);
        $this->assertSame([$delay->id, $before->id], array_map(fn ($fault) => $fault->id, $this->mock->faults()));

        $client = $this->mock->client(['max_retries' => 1]);
        try {
            $client->content->create($this->mock->projectId, ['keyword' => 'never made']);
            $this->fail('Expected the connection to close on every attempt.');
        } catch (ApiConnectionException $closed) {
            $this->assertNotInstanceOf(ApiException::class, $closed);
        }
        $statuses = array_map(fn ($entry) => $entry->status, $this->mock->requests('content.create'));
        $this->assertSame([null, null], $statuses, 'two attempts, neither answered');
        $started = microtime(true);
        $this->assertSame([], $client->content->list($this->mock->projectId)->data, 'before: nothing was made');
        $this->assertGreaterThanOrEqual(0.25, microtime(true) - $started);
    }

    public function testListsRemovesAndClearsOnlyThisAccountsFaults(): void
    {
        $other = $this->mock->freshAccount();
        $mine = $this->mock->fail('content.create', 503, times: null);
        $second = $this->mock->delay('content.list', 10);
        $theirs = $other->fail('*', 500);
        $this->assertSame([$mine->id, $second->id], array_map(fn ($fault) => $fault->id, $this->mock->faults()));

        $this->mock->removeFault($second);
        try {
            $this->mock->removeFault($second->id);
            $this->fail('Expected a 404 for a fault removed already.');
        } catch (MockServerException $gone) {
            $this->assertSame(404, $gone->status);
            $this->assertStringContainsString("No active fault has id {$second->id}", $gone->getMessage());
        }
        $this->assertSame(1, $this->mock->clearFaults());
        $this->assertSame([], $this->mock->faults());
        $this->assertSame([$theirs->id], array_map(fn ($fault) => $fault->id, $other->faults()));
        $other->clearFaults();
    }

    public function testRefusesBadInputWithTheServersReasonAndTheValidOperations(): void
    {
        $refused = $this->thrownBy(fn () => $this->mock->fail('content.creat', 503));
        $this->assertStringContainsString("fail('content.creat', 503) was refused", $refused->getMessage());
        $this->assertStringContainsString('`operation` must be "*" or an operation id', $refused->getMessage());
        $this->assertStringContainsString('content.create, content.retrieve', $refused->getMessage());

        $this->assertStringContainsString(
            '`status` must be one of 429, 500, 502, 503, 504',
            $this->thrownBy(fn () => $this->mock->fail('content.create', 404))->getMessage(),
        );
        $this->assertStringContainsString(
            '`delay_ms` must be an integer number of milliseconds from 1 to 120000',
            $this->thrownBy(fn () => $this->mock->delay('content.create', 0))->getMessage(),
        );
        $this->assertStringContainsString(
            '`times`',
            $this->thrownBy(fn () => $this->mock->disconnect('*', times: 0))->getMessage(),
        );
        $this->assertStringContainsString(
            "requests('contnt.list') was refused",
            $this->thrownBy(fn () => $this->mock->requests('contnt.list'))->getMessage(),
        );
        $this->assertSame([], $this->mock->faults(), 'a refused fault is not made');
    }

    public function testFailingRemovesItsFaultAfterTheClosureEvenWhenItThrows(): void
    {
        $client = $this->mock->client(['max_retries' => 0]);
        $seen = $this->mock->failing('content.list', 500, function (Fault $fault) use ($client): string {
            $this->assertSame([$fault->id], array_map(fn ($active) => $active->id, $this->mock->faults()));
            $this->assertSame(500, $this->statusOf(fn () => $client->content->list($this->mock->projectId)));
            $this->assertSame(500, $this->statusOf(fn () => $client->content->list($this->mock->projectId)));
            return $fault->id;
        }, times: null);
        $this->assertStringStartsWith('flt_', $seen);
        $this->assertSame([], $this->mock->faults());
        $this->assertSame([], $client->content->list($this->mock->projectId)->data);

        try {
            $this->mock->failing('content.list', 503, function () use ($client): void {
                $client->content->list($this->mock->projectId);
            }, times: null);
            $this->fail('Expected the 503 to come out of failing().');
        } catch (ApiException $unavailable) {
            $this->assertSame(503, $unavailable->getStatus());
        }
        $this->assertSame([], $this->mock->faults());
        // A fault that ran out of times inside the closure is simply gone.
        $this->assertSame('done', $this->mock->failing('content.list', 502, function () use ($client): string {
            $this->statusOf(fn () => $client->content->list($this->mock->projectId));
            return 'done';
        }));
    }

    public function testRequestsAreThisAccountsNewestFirstByOperationAcrossPages(): void
    {
        $other = $this->mock->freshAccount();
        $client = $this->mock->client();
        $client->projects->retrieve($this->mock->projectId);
        $this->mock->publicArticles()->list();
        $other->client()->projects->list();
        $this->assertSame(
            ['publicArticles.get', 'projects.retrieve', 'projects.create'],
            array_map(fn ($entry) => $entry->operation, $this->mock->requests()),
        );
        [$retrieved] = $this->mock->requests('projects.retrieve');
        $this->assertSame(
            ['GET', "/v1/projects/{$this->mock->projectId}", 200],
            [$retrieved->method, $retrieved->path, $retrieved->status],
        );
        $this->assertMatchesRegularExpression('/^req_/', $retrieved->id);

        for ($call = 0; $call < 105; $call++) {
            $client->content->list($this->mock->projectId, ['limit' => 1]);
        }
        $listed = $this->mock->requests('content.list');
        $this->assertCount(105, $listed, 'requests() reads every page of the journal');
        $this->assertSame(['limit' => '1'], $listed[0]->query);

        $this->assertSame(108, $this->mock->clearRequests());
        $this->assertSame([], $this->mock->requests());
        $this->assertCount(2, $other->requests());
    }

    /** @return MockServer this test's account, with a fault that only the trait's teardown removes */
    public function testLeavesAFaultWithNoEnd(): MockServer
    {
        $this->mock->fail('*', 503, times: null);
        $this->assertCount(1, $this->mock->faults());
        return $this->mock;
    }

    /** @depends testLeavesAFaultWithNoEnd */
    public function testTheTraitRemovedTheFaultsOfThePreviousTest(MockServer $previous): void
    {
        $this->assertNotSame($previous->apiKey, $this->mock->apiKey);
        $this->assertSame([], $previous->faults());
        $this->assertCount(1, $previous->client(['max_retries' => 0])->projects->list()->data);
    }

    private function statusOf(\Closure $call): int
    {
        try {
            $call();
        } catch (ApiException $error) {
            return $error->getStatus();
        }
        return 200;
    }

    private function thrownBy(\Closure $call): InvalidArgumentException
    {
        try {
            $call();
        } catch (InvalidArgumentException $error) {
            return $error;
        }
        $this->fail('Expected an InvalidArgumentException.');
    }
}
