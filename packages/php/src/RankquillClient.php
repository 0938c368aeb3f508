<?php

declare(strict_types=1);

namespace Rankquill;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Internal\ClientConfig;
use Rankquill\Internal\ClientPolicy;
use Rankquill\Internal\Environment;
use Rankquill\Internal\HttpTransport;
use Rankquill\Internal\Secret;
use Rankquill\Service\ActivityService;
use Rankquill\Service\AiVisibilityService;
use Rankquill\Service\ContentService;
use Rankquill\Service\DeliveryService;
use Rankquill\Service\ExportService;
use Rankquill\Service\KeywordService;
use Rankquill\Service\ProjectService;
use Rankquill\Service\WebhookService;

/**
 * Client of the Rankquill main API: projects, content, keywords, AI visibility, exports,
 * webhooks and the activity feed, with retries, idempotent POSTs, pages and typed exceptions.
 *
 * Options (all optional but the key):
 * - `api_key`: the main API key, sent as `Authorization: Bearer …`; default `RANKQUILL_API_KEY`.
 * - `base_url`: the main API address ending in `/v1`, such as `http://127.0.0.1:4010/v1`;
 *   default `RANKQUILL_BASE_URL`.
 * - `timeout`: seconds to wait for each attempt (default 60).
 * - `max_retries`: retries of connection errors, timeouts, 408, 429 and 5xx (default 2; 0 turns them off).
 * - `default_headers`: headers sent with every request (name => value; null removes one).
 * - `logger`: a PSR-3 logger (any object with `info()` and `warning()`); retries and failures
 *   are logged there, never a key.
 * - `http_client`: what sends the requests: a `Rankquill\HttpClient\ClientInterface` or any
 *   PSR-18 client (adapted by `Rankquill\HttpClient\Psr18Client`); default curl. Retries,
 *   errors and logging apply around it.
 *
 * @example
 * $client = new \Rankquill\RankquillClient([
 *     'api_key' => getenv('RANKQUILL_API_KEY'),
 *     'base_url' => 'http://127.0.0.1:4010/v1',
 * ]);
 * $project = $client->projects->create(['name' => 'Northwind', 'domain' => 'northwind.example']);
 * $article = $client->content->createAndWait($project->id, ['keyword' => 'cold brew ratio']);
 */
final class RankquillClient
{
    /** Version of this library, sent in the `User-Agent` header. */
    public const VERSION = '0.1.0';

    /** Projects: create, retrieve, update, list, delete, rotatePublicApiKey. */
    public readonly ProjectService $projects;
    /** Content: create, createAndWait, retrieve, update, list, delete, publish, unpublish, export. */
    public readonly ContentService $content;
    /** Tracked keywords: create, list, opportunities, performance, export. */
    public readonly KeywordService $keywords;
    /** AI visibility: retrieve (the score), export, and `topics`, `prompts`, `responses`. */
    public readonly AiVisibilityService $aiVisibility;
    /** Bulk exports: create, retrieve, createAndWait, download. */
    public readonly ExportService $exports;
    /** The activity feed: list. */
    public readonly ActivityService $activity;
    /** The project's webhook: test, rotateSigningSecret. */
    public readonly WebhookService $webhooks;
    /** The webhook's deliveries with their attempts: list, retrieve, redeliver. */
    public readonly DeliveryService $deliveries;
    /** The main API address requests go to, without a trailing slash. */
    public readonly string $baseUrl;
    /** Seconds each attempt may take. */
    public readonly float $timeout;
    /** Retries of a failed attempt. */
    public readonly int $maxRetries;

    /**
     * @example
     * $client = new RankquillClient('rq_live_…'); // base URL from RANKQUILL_BASE_URL
     * $client = new RankquillClient(); // both from the environment
     * $client = new RankquillClient(['api_key' => $key, 'base_url' => $url, 'timeout' => 20, 'max_retries' => 5]);
     *
     * @param array<string, mixed>|string|null $config the options above, or the API key alone
     */
    public function __construct(#[\SensitiveParameter] array|string|null $config = null)
    {
        $config = ClientConfig::normalize($config, [
            'api_key', 'base_url', 'timeout', 'max_retries', 'default_headers', 'logger', 'http_client',
        ]);
        $apiKey = $config['api_key'] ?? Environment::read('RANKQUILL_API_KEY');
        if (!\is_string($apiKey) || $apiKey === '') {
            throw new InvalidArgumentException(
                "No API key: pass new RankquillClient(['api_key' => ...]) or set the RANKQUILL_API_KEY environment "
                . "variable.",
            );
        }
        $apiPath = ClientPolicy::BASE_PATHS_API;
        $this->baseUrl = ClientConfig::baseUrl(
            $config['base_url'] ?? Environment::read('RANKQUILL_BASE_URL'),
            "No base URL: pass new RankquillClient(['base_url' => ...]) or set RANKQUILL_BASE_URL to the main API "
            . "address ending in {$apiPath}, such as http://127.0.0.1:4010{$apiPath}.",
        );
        $this->timeout = ClientConfig::timeout($config['timeout'] ?? ClientPolicy::TIMEOUT_MAIN_SECONDS);
        $this->maxRetries = ClientConfig::maxRetries($config['max_retries'] ?? ClientPolicy::MAX_RETRIES);
        $transport = new HttpTransport(
            new Secret("authorization: Bearer {$apiKey}"),
            'authorization',
            $this->baseUrl,
            $this->timeout,
            $this->maxRetries,
            ClientConfig::headers($config['default_headers'] ?? []),
            ClientConfig::logger($config['logger'] ?? null),
            'the Rankquill API',
            ClientConfig::httpClient($config['http_client'] ?? null),
        );
        $this->projects = new ProjectService($transport);
        $this->content = new ContentService($transport);
        $this->keywords = new KeywordService($transport);
        $this->aiVisibility = new AiVisibilityService($transport);
        $this->exports = new ExportService($transport, $this->baseUrl);
        $this->activity = new ActivityService($transport);
        $this->webhooks = new WebhookService($transport);
        $this->deliveries = new DeliveryService($transport);
    }
}
