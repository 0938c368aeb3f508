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
final class PdoSqliteArticleStore implements ArticleStore, DeliveryMemory
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
            . 'url TEXT NOT NULL, received_at TEXT NOT NULL, webhook_timestamp INTEGER)',
            $table,
        ));
        // A table made by an earlier version lacks the column replays are checked against.
        $columns = $database->query("PRAGMA table_info({$table})")?->fetchAll(\PDO::FETCH_COLUMN, 1) ?: [];
        if (!\in_array('webhook_timestamp', $columns, true)) {
            $database->exec("ALTER TABLE {$table} ADD COLUMN webhook_timestamp INTEGER");
        }
        $database->exec(
            "CREATE TABLE IF NOT EXISTS {$table}_deliveries (webhook_id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)",
        );
        $database->exec(
            "CREATE TABLE IF NOT EXISTS {$table}_tombstones "
            . '(slug TEXT PRIMARY KEY, webhook_timestamp INTEGER NOT NULL)',
        );
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

    /**
     * @example
     * $store->applied('msg_2Yh…', time());
     */
    public function applied(string $webhookId, int $now): bool
    {
        $statement = $this->pdo->prepare(
            "SELECT 1 FROM {$this->table}_deliveries WHERE webhook_id = ? AND applied_at >= ?",
        );
        $statement->execute([$webhookId, $now - self::REMEMBER_SECONDS]);
        return $statement->fetchColumn() !== false;
    }

    /**
     * @example
     * $store->timestampOf('cold-brew-ratio');
     */
    public function timestampOf(string $slug): ?int
    {
        // The stored article's timestamp, else the tombstone of its removal.
        $statement = $this->pdo->prepare(
            "SELECT webhook_timestamp FROM {$this->table} WHERE slug = ? "
            . "UNION ALL SELECT webhook_timestamp FROM {$this->table}_tombstones WHERE slug = ?",
        );
        $statement->execute([$slug, $slug]);
        $timestamp = $statement->fetchColumn();
        return $timestamp === false || $timestamp === null ? null : (int) $timestamp;
    }

    /**
     * @example
     * $store->remember('msg_2Yh…', time(), 'cold-brew-ratio', 1767259800);
     */
    public function remember(?string $webhookId, int $now, ?string $slug, ?int $timestamp): void
    {
        $this->pdo->prepare("DELETE FROM {$this->table}_deliveries WHERE applied_at < ?")
            ->execute([$now - self::REMEMBER_SECONDS]);
        if ($webhookId !== null) {
            $this->pdo->prepare(
                "INSERT INTO {$this->table}_deliveries (webhook_id, applied_at) VALUES (?, ?) "
                . 'ON CONFLICT(webhook_id) DO UPDATE SET applied_at = excluded.applied_at',
            )->execute([$webhookId, $now]);
        }
        if ($slug !== null) {
            $this->pdo->prepare("DELETE FROM {$this->table}_tombstones WHERE slug = ?")->execute([$slug]);
            $update = $this->pdo->prepare("UPDATE {$this->table} SET webhook_timestamp = ? WHERE slug = ?");
            $update->execute([$timestamp, $slug]);
            // No article under the slug: it was removed, and keeps the removal's timestamp (its tombstone).
            if ($update->rowCount() === 0 && $timestamp !== null) {
                $this->pdo->prepare("INSERT INTO {$this->table}_tombstones (slug, webhook_timestamp) VALUES (?, ?)")
                    ->execute([$slug, $timestamp]);
            }
        }
    }

    /** @param array<string, string> $row */
    private static function article(array $row): StoredArticle
    {
        unset($row['webhook_timestamp']);
        $row['keywords'] = json_decode($row['keywords'], true) ?? [];
        return StoredArticle::fromArray($row);
    }
}
