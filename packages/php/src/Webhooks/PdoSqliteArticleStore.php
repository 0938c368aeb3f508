<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

use Rankquill\Exception\InvalidArgumentException;

/**
 * Keeps articles in a SQLite file through PDO (`pdo_sqlite`), one column per field, so the rest
 * of your site can read the table. Works under PHP-FPM, Apache and `php -S`: every request opens
 * the file, and writes are atomic.
 *
 * @example
 * $store = new PdoSqliteArticleStore(__DIR__ . '/articles.db');
 * $article = $store->get('cold-brew-ratio');
 */
final class PdoSqliteArticleStore implements ArticleStore
{
    private const COLUMNS = [
        'slug', 'title', 'content', 'excerpt', 'meta_title', 'meta_description', 'keywords',
        'canonical_url', 'featured_image', 'author', 'language', 'url', 'received_at',
    ];

    private readonly \PDO $pdo;

    /**
     * @example
     * new PdoSqliteArticleStore('/var/lib/site/articles.db');
     * new PdoSqliteArticleStore(new \PDO('sqlite::memory:'), 'blog_articles');
     *
     * @param string|\PDO $database a file path (created when absent) or an open SQLite PDO
     * @param string $table letters, digits and underscores
     */
    public function __construct(string|\PDO $database, private readonly string $table = 'rankquill_articles')
    {
        if (preg_match('/^[A-Za-z_][A-Za-z0-9_]*$/', $table) !== 1) {
            throw new InvalidArgumentException("Table name \"{$table}\" must be letters, digits and underscores.");
        }
        if (\is_string($database)) {
            if (!\in_array('sqlite', \PDO::getAvailableDrivers(), true)) {
                throw new InvalidArgumentException('PdoSqliteArticleStore needs the pdo_sqlite extension (Debian: '
                    . 'php-sqlite3).');
            }
            $database = new \PDO('sqlite:' . $database);
        }
        $database->setAttribute(\PDO::ATTR_ERRMODE, \PDO::ERRMODE_EXCEPTION);
        $database->exec('PRAGMA busy_timeout = 5000');
        $database->exec(sprintf(
            'CREATE TABLE IF NOT EXISTS %s (slug TEXT PRIMARY KEY, title TEXT NOT NULL, content TEXT NOT NULL, '
            . 'excerpt TEXT NOT NULL, meta_title TEXT NOT NULL, meta_description TEXT NOT NULL, keywords TEXT NOT '
                . 'NULL, '
            . 'canonical_url TEXT NOT NULL, featured_image TEXT NOT NULL, author TEXT NOT NULL, language TEXT NOT '
                . 'NULL, '
            . 'url TEXT NOT NULL, received_at TEXT NOT NULL)',
            $table,
        ));
        $this->pdo = $database;
    }

    /**
     * @example
     * $store->upsert($article);
     */
    public function upsert(StoredArticle $article): void
    {
        $values = [];
        foreach (self::COLUMNS as $column) {
            $values[$column] = $column === 'keywords' ? json_encode(
                $article->keywords,
                JSON_UNESCAPED_UNICODE,
            ) : $article->{$column};
        }
        $statement = $this->pdo->prepare(sprintf(
            'INSERT INTO %1$s (%2$s) VALUES (:%3$s) ON CONFLICT(slug) DO UPDATE SET %4$s',
            $this->table,
            implode(', ', self::COLUMNS),
            implode(', :', self::COLUMNS),
            implode(
                ', ',
                array_map(static fn (string $column): string => "{$column} = excluded.{$column}", self::COLUMNS),
            ),
        ));
        $statement->execute($values);
    }

    /**
     * @example
     * $store->remove('cold-brew-ratio');
     */
    public function remove(string $slug): bool
    {
        $statement = $this->pdo->prepare("DELETE FROM {$this->table} WHERE slug = ?");
        $statement->execute([$slug]);
        return $statement->rowCount() > 0;
    }

    /**
     * @example
     * $store->get('cold-brew-ratio')?->content;
     */
    public function get(string $slug): ?StoredArticle
    {
        $statement = $this->pdo->prepare("SELECT * FROM {$this->table} WHERE slug = ?");
        $statement->execute([$slug]);
        $row = $statement->fetch(\PDO::FETCH_ASSOC);
        return \is_array($row) ? self::article($row) : null;
    }

    /**
     * @example
     * foreach ($store->list() as $article) { echo $article->url, "\n"; }
     *
     * @return list<StoredArticle>
     */
    public function list(): array
    {
        $rows = $this->pdo->query("SELECT * FROM {$this->table} ORDER BY received_at DESC, rowid DESC");
        return array_map([self::class, 'article'], $rows === false ? [] : $rows->fetchAll(\PDO::FETCH_ASSOC));
    }

    /** @param array<string, string> $row */
    private static function article(array $row): StoredArticle
    {
        $row['keywords'] = json_decode($row['keywords'], true) ?? [];
        return StoredArticle::fromArray($row);
    }
}
