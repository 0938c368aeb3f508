<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Webhooks\ArticleStore;
use Rankquill\Webhooks\MemoryArticleStore;
use Rankquill\Webhooks\PdoSqliteArticleStore;
use Rankquill\Webhooks\StoredArticle;

final class ArticleStoresTest extends TestCase
{
    private static function article(string $slug, string $receivedAt, string $title = 'Title'): StoredArticle
    {
        return StoredArticle::fromArray([
            'title' => $title, 'slug' => $slug, 'content' => '<p>Body</p>', 'excerpt' => '', 'meta_title' => $title,
            'meta_description' => '', 'keywords' => [
                'cold brew',
                'café',
            ], 'canonical_url' => '', 'featured_image' => '',
            'author' => 'Rankquill', 'language' => 'fr', 'url' => "/fr/resources/blog/{$slug}",
            'received_at' => $receivedAt,
        ]);
    }

    /** @return array<string, array{\Closure(): ArticleStore}> */
    public function stores(): array
    {
        return [
            'memory' => [fn (): ArticleStore => new MemoryArticleStore()],
            'pdo sqlite in memory' => [fn (): ArticleStore => new PdoSqliteArticleStore(
                new \PDO('sqlite::memory:'),
                'blog_articles',
            )],
        ];
    }

    /**
     * @dataProvider stores
     * @param \Closure(): ArticleStore $make
     */
    public function testUpsertsBySlugListsNewestFirstAndRemoves(\Closure $make): void
    {
        $store = $make();
        $store->upsert(self::article('a', '2026-01-01T00:00:01.000Z'));
        $store->upsert(self::article('b', '2026-01-01T00:00:02.000Z'));
        $store->upsert(self::article('a', '2026-01-01T00:00:03.000Z', 'Title, edited'));
        $this->assertSame(['a', 'b'], array_map(fn (StoredArticle $article) => $article->slug, $store->list()));
        $this->assertSame(
            self::article('a', '2026-01-01T00:00:03.000Z', 'Title, edited')->toArray(),
            $store->get('a')?->toArray(),
        );
        $this->assertNull($store->get('missing'));
        $this->assertTrue($store->remove('a'));
        $this->assertFalse($store->remove('a'));
        $this->assertSame(['b'], array_map(fn (StoredArticle $article) => $article->slug, $store->list()));
    }

    public function testTheSqliteFileKeepsArticlesForTheNextRequest(): void
    {
        $path = sys_get_temp_dir() . '/rankquill-articles-' . bin2hex(random_bytes(4)) . '.db';
        try {
            (new PdoSqliteArticleStore($path))->upsert(self::article('kept', '2026-01-01T00:00:00.000Z'));
            $this->assertSame('Title', (new PdoSqliteArticleStore($path))->get('kept')?->title);
            $rows = (new \PDO("sqlite:{$path}"))->query('SELECT slug, keywords FROM rankquill_articles');
            $row = $rows->fetch(\PDO::FETCH_ASSOC);
            $this->assertSame(['slug' => 'kept', 'keywords' => '["cold brew","café"]'], $row);
        } finally {
            @unlink($path);
        }
    }

    public function testATableOfAnEarlierVersionGetsTheTimestampColumnAndRemembersAcrossRequests(): void
    {
        $path = sys_get_temp_dir() . '/rankquill-articles-' . bin2hex(random_bytes(4)) . '.db';
        try {
            (new \PDO("sqlite:{$path}"))->exec('CREATE TABLE rankquill_articles (slug TEXT PRIMARY KEY, title TEXT NOT '
                . 'NULL, content TEXT NOT NULL, excerpt TEXT NOT NULL, meta_title TEXT NOT NULL, meta_description TEXT '
                . 'NOT NULL, keywords TEXT NOT NULL, canonical_url TEXT NOT NULL, featured_image TEXT NOT NULL, author '
                . 'TEXT NOT NULL, language TEXT NOT NULL, url TEXT NOT NULL, received_at TEXT NOT NULL)');
            $first = new PdoSqliteArticleStore($path);
            $first->upsert(self::article('kept', '2026-01-01T00:00:00.000Z'));
            $first->remember('msg_1', 1_767_259_800, 'kept', 1_767_259_790);
            $next = new PdoSqliteArticleStore($path);
            $this->assertTrue($next->applied('msg_1', 1_767_260_400));
            $this->assertSame(1_767_259_790, $next->timestampOf('kept'));
            $this->assertFalse($next->applied('msg_1', 1_767_260_401), 'remembered for 600 seconds');
            $this->assertSame('Title', $next->get('kept')?->title);
        } finally {
            @unlink($path);
        }
    }

    public function testARemovedSlugKeepsItsTimestampUntilItIsWrittenAgainAndAcrossRequests(): void
    {
        $path = sys_get_temp_dir() . '/rankquill-articles-' . bin2hex(random_bytes(4)) . '.db';
        try {
            foreach ([new MemoryArticleStore(), new PdoSqliteArticleStore($path)] as $store) {
                $store->upsert(self::article('gone', '2026-01-01T00:00:00.000Z'));
                $store->remember('msg_1', 1_767_259_800, 'gone', 1_767_259_800);
                $store->remove('gone');
                $store->remember('msg_2', 1_767_259_810, 'gone', 1_767_259_810);
                $next = $store instanceof PdoSqliteArticleStore ? new PdoSqliteArticleStore($path) : $store;
                $this->assertNull($next->get('gone'));
                $this->assertSame(1_767_259_810, $next->timestampOf('gone'), 'the tombstone of the removal');
                $next->upsert(self::article('gone', '2026-01-01T00:01:00.000Z'));
                $next->remember(null, 1_767_259_820, 'gone', null);
                $this->assertNull($next->timestampOf('gone'), 'written again without a timestamp');
            }
        } finally {
            @unlink($path);
        }
    }

    public function testRefusesATableNameThatIsNotAnIdentifier(): void
    {
        $this->expectException(InvalidArgumentException::class);
        new PdoSqliteArticleStore(new \PDO('sqlite::memory:'), 'articles; DROP TABLE x');
    }
}
