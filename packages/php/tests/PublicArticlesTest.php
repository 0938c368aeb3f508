<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use Rankquill\ArticlePage;
use Rankquill\Exception\AuthenticationException;
use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\InternalServerException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Model\PublicArticle;
use Rankquill\Model\PublicArticleListItem;
use Rankquill\PublicArticles;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;

final class PublicArticlesTest extends ServerTestCase
{
    public function testListsPublishedArticlesNewestFirstWithPagination(): void
    {
        $page = $this->server->publicArticles()->list(['limit' => 2, 'offset' => 0]);
        $this->assertInstanceOf(ArticlePage::class, $page);
        $this->assertCount(2, $page->articles);
        $this->assertSame($page->articles, $page->data);
        $this->assertContainsOnlyInstancesOf(PublicArticleListItem::class, $page->articles);
        $this->assertSame(
            ['limit' => 2, 'offset' => 0, 'count' => 2, 'total' => 3, 'has_more' => true],
            $page->pagination->toArray(),
        );
        $first = $page->articles[0];
        $this->assertSame(
            ['id', 'title', 'description', 'language', 'published_at', 'updated_at'],
            array_keys($first->toArray()),
        );
        $this->assertNull($first->content);
        $this->assertGreaterThanOrEqual($page->articles[1]->published_at, $first->published_at);

        $next = $page->nextPage();
        $this->assertSame(2, $next->pagination->offset);
        $this->assertFalse($next->hasNextPage());
    }

    public function testWalksEveryArticleAcrossPages(): void
    {
        $articles = $this->server->publicArticles();
        $ids = array_map(
            fn ($item) => $item->id,
            iterator_to_array($articles->autoPagingIterator(['limit' => 1]), false),
        );
        $this->assertCount(3, $ids);
        $this->assertSame(array_map(fn ($item) => $item->id, $articles->list(['limit' => 10])->articles), $ids);
    }

    public function testRetrievesOneArticleWithItsHtml(): void
    {
        $articles = $this->server->publicArticles();
        $id = $articles->list()->articles[0]->id;
        $article = $articles->retrieve($id);
        $this->assertInstanceOf(PublicArticle::class, $article);
        $this->assertSame($id, $article->id);
        $this->assertStringContainsString('<p>', $article->content);
        $this->assertSame('en', $article['language']);
    }

    public function testErrorsCarryTheMessagesOfTheSpec(): void
    {
        $articles = $this->server->publicArticles();
        $missing = $this->thrownBy(fn () => $articles->retrieve('cnt_0000000000000'), NotFoundException::class);
        $this->assertSame('Article not found or not published', $missing->getMessage());
        $this->assertSame(404, $missing->getStatus());

        $draft = $this->server->client()->content->list($this->server->projectId, ['status' => 'draft'])->data[0];
        $unpublished = $this->thrownBy(fn () => $articles->retrieve($draft->id), NotFoundException::class);
        $this->assertSame('Article not found or not published', $unpublished->getMessage());

        $wrongKey = $this->server->publicArticles(['api_key' => 'rqp_wrong']);
        $this->assertSame(
            'Invalid API key',
            $this->thrownBy(fn () => $wrongKey->list(), AuthenticationException::class)->getMessage(),
        );

        $range = $this->thrownBy(fn () => $articles->list(['limit' => 101]), BadRequestException::class);
        $this->assertSame('limit must be an integer from 1 to 100', $range->getMessage());
        $this->thrownBy(fn () => $articles->list(['offset' => -1]), BadRequestException::class);
        $this->thrownBy(fn () => $articles->list(['limit' => '5']), InvalidArgumentException::class);
        $this->thrownBy(fn () => $articles->list(['id' => 'cnt_1']), InvalidArgumentException::class);
        $this->thrownBy(fn () => $articles->retrieve(''), InvalidArgumentException::class);
    }

    public function testSendsTheKeyAsXServiceKeyAndRetriesAServerError(): void
    {
        $scripted = ScriptedServer::start([
            ['status' => 500, 'body' => '{"success": false, "error": "Internal server error"}'],
            ['forward' => $this->server->url],
            ['status' => 500, 'body' => '{"success": false, "error": "Internal server error"}'],
        ]);
        try {
            $articles = new PublicArticles([
                'api_key' => $this->server->publicApiKey,
                'base_url' => "{$scripted->url}/public-article-api",
            ]);
            $this->assertSame(3, $articles->list()->pagination->total);
            [$first, $second] = $scripted->requests();
            $this->assertSame($this->server->publicApiKey, $first['headers']['x-service-key']);
            $this->assertArrayNotHasKey('authorization', $first['headers']);
            $this->assertSame('/public-article-api', $second['path']);

            $once = new PublicArticles([
                'api_key' => 'k',
                'base_url' => "{$scripted->url}/public-article-api",
                'max_retries' => 0,
            ]);
            $error = $this->thrownBy(fn () => $once->retrieve('cnt_1'), InternalServerException::class);
            $this->assertSame('Internal server error', $error->getMessage());
            $this->assertSame('/public-article-api?id=cnt_1', $scripted->requests()[2]['path']);
        } finally {
            $scripted->stop();
        }
    }

    public function testReadsItsKeyAndAddressFromTheEnvironment(): void
    {
        putenv("RANKQUILL_PUBLIC_API_KEY={$this->server->publicApiKey}");
        putenv("RANKQUILL_CONTENT_API_URL={$this->server->contentApiUrl}");
        try {
            $this->assertSame(3, (new PublicArticles())->list()->pagination->total);
            $this->assertSame(3, (new PublicArticles($this->server->publicApiKey))->list()->pagination->total);
        } finally {
            putenv('RANKQUILL_PUBLIC_API_KEY');
            putenv('RANKQUILL_CONTENT_API_URL');
        }
        $error = $this->thrownBy(
            fn () => new PublicArticles(['base_url' => $this->server->contentApiUrl]),
            InvalidArgumentException::class,
        );
        $this->assertStringContainsString('RANKQUILL_PUBLIC_API_KEY', $error->getMessage());
    }
}
