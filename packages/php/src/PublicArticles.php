<?php

declare(strict_types=1);

namespace Rankquill;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\UnexpectedValueException;
use Rankquill\Internal\ClientConfig;
use Rankquill\Internal\ClientPolicy;
use Rankquill\Internal\Endpoint;
use Rankquill\Internal\Environment;
use Rankquill\HttpClient\HttpResponse;
use Rankquill\Internal\HttpTransport;
use Rankquill\Internal\Secret;
use Rankquill\Model\Pagination;
use Rankquill\Model\PublicArticle;
use Rankquill\Model\PublicArticleListItem;

/**
 * Client of the read-only public article API: the published articles of the project the key
 * belongs to, for display on your own site. Keep the key on the server (spec section 5).
 * Errors carry the API's messages (`Invalid API key`, `Article not found or not published`).
 *
 * Options:
 * - `api_key`: the project's public article API key, sent as `X-Service-Key`; default
 *   `RANKQUILL_PUBLIC_API_KEY`.
 * - `base_url`: the public article API address, such as `http://127.0.0.1:4010/public-article-api`;
 *   default `RANKQUILL_CONTENT_API_URL`.
 * - `timeout` (seconds, default 30), `max_retries` (default 2), `logger`, `http_client` (as for
 *   `RankquillClient`).
 *
 * @example
 * $articles = new \Rankquill\PublicArticles(['api_key' => $publicKey, 'base_url' => $contentApiUrl]);
 * foreach ($articles->autoPagingIterator() as $item) {
 *     echo $item->title, "\n";
 * }
 * $article = $articles->retrieve($item->id);
 * echo $article->content; // HTML
 */
final class PublicArticles
{
    /** The public article API address requests go to. */
    public readonly string $baseUrl;
    private readonly HttpTransport $transport;

    /**
     * @example
     * $articles = new PublicArticles(); // RANKQUILL_PUBLIC_API_KEY, RANKQUILL_CONTENT_API_URL
     * $articles = new PublicArticles(['api_key' => 'rqp_…', 'base_url' => 'https://api.example/public-article-api']);
     *
     * @param array<string, mixed>|string|null $config the options above, or the key alone
     */
    public function __construct(#[\SensitiveParameter] array|string|null $config = null)
    {
        $config = ClientConfig::normalize(
            $config,
            ['api_key', 'base_url', 'timeout', 'max_retries', 'logger', 'http_client'],
        );
        $apiKey = $config['api_key'] ?? Environment::read('RANKQUILL_PUBLIC_API_KEY');
        if (!\is_string($apiKey) || $apiKey === '') {
            throw new InvalidArgumentException(
                "No API key: pass new PublicArticles(['api_key' => ...]) or set RANKQUILL_PUBLIC_API_KEY to the "
                . "project's public article API key.",
            );
        }
        $this->baseUrl = ClientConfig::baseUrl(
            $config['base_url'] ?? Environment::read('RANKQUILL_CONTENT_API_URL'),
            "No base URL: pass new PublicArticles(['base_url' => ...]) or set RANKQUILL_CONTENT_API_URL, such as "
            . 'http://127.0.0.1:4010' . ClientPolicy::BASE_PATHS_PUBLIC_ARTICLE_API . '.',
        );
        $this->transport = new HttpTransport(
            new Secret("x-service-key: {$apiKey}"),
            'x-service-key',
            $this->baseUrl,
            ClientConfig::timeout($config['timeout'] ?? ClientPolicy::TIMEOUT_PUBLIC_ARTICLES_SECONDS),
            ClientConfig::maxRetries($config['max_retries'] ?? ClientPolicy::MAX_RETRIES),
            [],
            ClientConfig::logger($config['logger'] ?? null),
            'the public article API',
            ClientConfig::httpClient($config['http_client'] ?? null),
        );
    }

    /**
     * One page of published articles, newest first, without their body. `limit` is 1 to 100
     * (default 10), `offset` 0 or more (default 0).
     *
     * @example
     * $page = $articles->list(['limit' => 20, 'offset' => 0]);
     * echo $page->pagination->total;
     * foreach ($page->articles as $item) {
     *     echo $item->title, "\n";
     * }
     *
     * @param array{limit?: int, offset?: int} $params
     */
    public function list(array $params = []): ArticlePage
    {
        foreach (array_keys($params) as $name) {
            if ($name !== 'limit' && $name !== 'offset') {
                throw new InvalidArgumentException(
                    "Unknown parameter \"{$name}\": list() takes limit and offset; use retrieve(\$id) for one article.",
                );
            }
        }
        foreach ($params as $name => $value) {
            if (!\is_int($value)) {
                throw new InvalidArgumentException(sprintf(
                    '"%s" must be an integer (limit 1 to 100, offset 0 or more); got %s.',
                    $name,
                    get_debug_type($value),
                ));
            }
        }
        return $this->fetchPage($params);
    }

    /**
     * Every published article, newest first, fetching page after page as the loop goes on.
     *
     * @example
     * foreach ($articles->autoPagingIterator(['limit' => 100]) as $item) {
     *     echo $item->id, ' ', $item->published_at, "\n";
     * }
     *
     * @param array{limit?: int, offset?: int} $params where to start, and the page size
     * @return \Generator<int, PublicArticleListItem>
     */
    public function autoPagingIterator(array $params = []): \Generator
    {
        return $this->list($params)->autoPagingIterator();
    }

    /**
     * One published article with its HTML body. An unknown id, another project's article or
     * one that is not published throws `NotFoundException` (`Article not found or not published`).
     *
     * @example
     * $article = $articles->retrieve('cnt_123');
     * echo "<h1>" . htmlspecialchars($article->title) . "</h1>" . $article->content;
     */
    public function retrieve(string $id): PublicArticle
    {
        if (trim($id) === '') {
            throw new InvalidArgumentException('retrieve() needs an article id, such as the `id` of a listed '
                . 'article; got an empty string.');
        }
        $body = self::decode($this->transport->send(Endpoint::of('publicArticles.get'), ['id' => $id]));
        return new PublicArticle(\is_array($body['article'] ?? null) ? $body['article'] : []);
    }

    /** @param array<string, int> $query */
    private function fetchPage(array $query): ArticlePage
    {
        $body = self::decode($this->transport->send(Endpoint::of('publicArticles.get'), $query));
        $items = [];
        foreach (\is_array($body['articles'] ?? null) ? $body['articles'] : [] as $item) {
            $items[] = \is_array($item) ? new PublicArticleListItem($item) : $item;
        }
        return new ArticlePage(
            $items,
            new Pagination(\is_array($body['pagination'] ?? null) ? $body['pagination'] : []),
            fn (array $next): ArticlePage => $this->fetchPage($next),
            $query,
        );
    }

    /** @return array<string, mixed> */
    private static function decode(HttpResponse $response): array
    {
        $data = json_decode($response->body, true);
        if (!\is_array($data)) {
            throw new UnexpectedValueException(sprintf(
                'The public article API answered %d with a body that is not a JSON object; check that base_url '
                . 'points at it (it ends in %s).',
                $response->status,
                ClientPolicy::BASE_PATHS_PUBLIC_ARTICLE_API,
            ));
        }
        return $data;
    }
}
