<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\ApiResponse;
use Rankquill\Exception\AuthenticationException;
use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Model\Deleted;
use Rankquill\Model\Project;
use Rankquill\Model\ProjectCreateParams;
use Rankquill\Model\ProjectWebhook;
use Rankquill\Page;
use Rankquill\PublicArticles;
use Rankquill\RateLimit;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;

final class ProjectServiceTest extends ServerTestCase
{
    public function testCreatesRetrievesUpdatesAndDeletesAProject(): void
    {
        $client = $this->server->client();
        $created = $client->projects->create(['name' => 'Docs', 'domain' => 'Docs.Example']);
        $this->assertInstanceOf(Project::class, $created);
        $this->assertMatchesRegularExpression('/^proj_/', $created->id);
        $this->assertSame('docs.example', $created->domain);
        $this->assertSame('en', $created['language']);
        $this->assertSame(['Docs'], $created->brand_names);
        $this->assertNull($created->webhook);

        $this->assertEquals($created, $client->projects->retrieve($created->id));

        $updated = $client->projects->update($created->id, [
            'name' => 'Docs site',
            'webhook' => ['url' => 'https://cms.example/webhook.php', 'secret' => 'hook-secret'],
        ]);
        $this->assertSame('Docs site', $updated->name);
        $this->assertInstanceOf(ProjectWebhook::class, $updated->webhook);
        $this->assertSame('https://cms.example/webhook.php', $updated->webhook->url);
        $this->assertTrue($updated['webhook']['secret_set']);
        $this->assertStringNotContainsString('hook-secret', json_encode($updated));

        $deleted = $client->projects->delete($created->id);
        $this->assertInstanceOf(Deleted::class, $deleted);
        $this->assertSame(['id' => $created->id, 'deleted' => true], $deleted->toArray());
        $this->thrownBy(fn () => $client->projects->retrieve($created->id), NotFoundException::class);
    }

    public function testTakesAParamsObjectAsWellAsAnArray(): void
    {
        $params = ProjectCreateParams::fromArray(['name' => 'Objects', 'domain' => 'objects.example']);
        $params->language = 'nl';
        $project = $this->server->client()->projects->create($params);
        $this->assertSame('nl', $project->language);
        $this->assertSame('objects.example', $project->domain);
    }

    public function testRotatesThePublicArticleApiKey(): void
    {
        $client = $this->server->client();
        $rotation = $client->projects->rotatePublicApiKey($this->server->projectId);
        $this->assertMatchesRegularExpression('/^rqp_/', $rotation->public_api_key);
        $this->assertNotSame($this->server->publicApiKey, $rotation->public_api_key);
        $this->assertSame(
            $rotation->public_api_key,
            $client->projects->retrieve($this->server->projectId)->public_api_key,
        );

        $old = $this->server->publicArticles();
        $error = $this->thrownBy(fn () => $old->list(), AuthenticationException::class);
        $this->assertSame('Invalid API key', $error->getMessage());
        $fresh = new PublicArticles([
            'api_key' => $rotation->public_api_key,
            'base_url' => $this->server->contentApiUrl,
        ]);
        $this->assertSame(3, $fresh->list()->pagination->total);
    }

    public function testListsOnePageAndWalksEveryProjectAcrossPages(): void
    {
        $client = $this->server->client();
        for ($index = 1; $index <= 3; $index++) {
            $client->projects->create(['name' => "Extra {$index}", 'domain' => "extra{$index}.example"]);
        }
        $page = $client->projects->list(['limit' => 2]);
        $this->assertInstanceOf(Page::class, $page);
        $this->assertCount(2, $page);
        $this->assertSame(['Extra 3', 'Extra 2'], array_map(fn (Project $p) => $p->name, $page->data));
        $this->assertSame(
            ['limit' => 2, 'offset' => 0, 'count' => 2, 'total' => 5, 'has_more' => true],
            $page->pagination->toArray(),
        );
        $this->assertTrue($page->hasNextPage());
        $second = $page->nextPage();
        $this->assertSame(2, $second->pagination->offset);

        $names = [];
        foreach ($page->autoPagingIterator() as $project) {
            $this->assertInstanceOf(Project::class, $project);
            $names[] = $project->name;
        }
        $this->assertCount(5, $names);
        $this->assertSame(['Extra 3', 'Extra 2', 'Extra 1'], array_slice($names, 0, 3));
        $this->assertSame(count(array_unique($names)), count($names));

        $last = $client->projects->list(['limit' => 10]);
        $this->assertFalse($last->hasNextPage());
        $this->thrownBy(fn () => $last->nextPage(), InvalidArgumentException::class);
        $this->assertSame(
            array_map(fn ($p) => $p->id, $last->data),
            array_map(fn ($p) => $p->id, iterator_to_array($last)),
        );
    }

    public function testWithResponseGivesTheDataWithStatusHeadersRequestIdAndRateLimit(): void
    {
        $client = $this->server->client();
        $response = $client->projects->withResponse()->retrieve($this->server->projectId);
        $this->assertInstanceOf(ApiResponse::class, $response);
        $this->assertInstanceOf(Project::class, $response->data);
        $this->assertSame($this->server->projectId, $response->data->id);
        $this->assertSame(200, $response->statusCode);
        $this->assertMatchesRegularExpression('/^req_/', (string) $response->requestId);
        $this->assertSame($response->requestId, $response->header('X-Request-Id'));
        $this->assertInstanceOf(RateLimit::class, $response->rateLimit);
        $this->assertSame(2000, $response->rateLimit->limit);
        $before = $response->rateLimit->remaining;

        $list = $client->projects->withResponse()->list(['limit' => 1]);
        $this->assertInstanceOf(Page::class, $list->data);
        $this->assertSame($before - 1, $list->rateLimit->remaining);

        $this->thrownBy(fn () => $client->projects->withResponse()->nothing(), InvalidArgumentException::class);
    }

    public function testThrowsBadRequestNamingTheField(): void
    {
        $client = $this->server->client();
        $error = $this->thrownBy(
            fn () => $client->projects->create(['name' => 'Bad', 'domain' => 'https://not a domain/']),
            BadRequestException::class,
        );
        $this->assertSame(400, $error->getStatus());
        $this->assertSame(400, $error->getCode());
        $this->assertSame('invalid_request_error', $error->getType());
        $this->assertSame('domain', $error->getParam());
        $this->assertStringContainsString('domain', $error->getMessage());
        $this->assertMatchesRegularExpression('/^req_/', (string) $error->getRequestId());
        $this->assertSame($error->getRequestId(), $error->getHeaders()['x-request-id']);
        $this->assertSame('domain', $error->getBody()['error']['param']);
    }

    public function testThrowsAuthenticationExceptionForAnUnknownKey(): void
    {
        $client = $this->server->client(['api_key' => 'rq_test_unknown']);
        $error = $this->thrownBy(fn () => $client->projects->list(), AuthenticationException::class);
        $this->assertSame('authentication_error', $error->getType());
        $this->assertStringNotContainsString('rq_test_unknown', $error->getMessage());
    }

    public function testThrowsNotFoundForAnotherAccountsProject(): void
    {
        $stranger = $this->server->client(['api_key' => $this->server->createAccount()]);
        $error = $this->thrownBy(
            fn () => $stranger->projects->retrieve($this->server->projectId),
            NotFoundException::class,
        );
        $this->assertSame('not_found_error', $error->getType());
    }

    public function testRefusesIdsThatWouldReachAnotherRouteBeforeAnyRequest(): void
    {
        $recorder = ScriptedServer::start([]);
        try {
            $client = $this->server->client(['base_url' => $recorder->url . '/v1', 'max_retries' => 0]);
            foreach (['', '.', '..'] as $id) {
                $error = $this->thrownBy(fn () => $client->projects->retrieve($id), InvalidArgumentException::class);
                $this->assertStringContainsString('$projectId', $error->getMessage());
                $this->thrownBy(
                    fn () => $client->content->delete($this->server->projectId, $id),
                    InvalidArgumentException::class,
                );
            }
            $error = $this->thrownBy(
                fn () => $client->keywords->performance('proj_1', '..'),
                InvalidArgumentException::class,
            );
            $this->assertStringContainsString('$keywordId', $error->getMessage());
            $this->assertSame([], $recorder->requests());

            $recorder->script([['status' => 404, 'body' => '{}']]);
            $this->thrownBy(fn () => $client->projects->retrieve('a/../b?c#d'), NotFoundException::class);
            $this->assertSame('/v1/projects/a%2F..%2Fb%3Fc%23d', $recorder->requests()[0]['path']);
        } finally {
            $recorder->stop();
        }
    }
}
