<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Exception\ManualClockException;
use Rankquill\Exception\WaitTimeoutException;
use Rankquill\ExportFile;
use Rankquill\Internal\ClientPolicy;
use Rankquill\Internal\Endpoint;
use Rankquill\Internal\RequestOptions;
use Rankquill\Internal\ResponseRecorder;
use Rankquill\Model\ContentCreateParams;
use Rankquill\Model\ContentCreateResponse;
use Rankquill\Model\ContentItem;
use Rankquill\Model\ContentUpdateParams;
use Rankquill\Model\Deleted;
use Rankquill\Page;

/**
 * Generated content of a project, from `generating` to `draft` or `published`: `$client->content`.
 *
 * @example
 * $article = $client->content->createAndWait($projectId, ['keyword' => 'cold brew ratio']);
 * if ($article->status === ContentItem::STATUS_DRAFT) {
 *     $client->content->publish($projectId, $article->id);
 * }
 */
class ContentService extends AbstractService
{
    /**
     * Starts generating an article; it answers at once with `status` `generating` and an
     * `estimated_completion`. `createAndWait()` answers the finished article instead.
     *
     * @example
     * $job = $client->content->create('proj_123', ['keyword' => 'cold brew ratio', 'length' => 1200]);
     * echo $job->id, ' ', $job->estimated_completion;
     *
     * @param array<string, mixed>|ContentCreateParams $params keyword (required), type, length, auto_publish
     * @param array<string, mixed> $options
     */
    public function create(
        string $projectId,
        array|ContentCreateParams $params,
        array $options = [],
    ): ContentCreateResponse {
        return $this->request(
            ContentCreateResponse::class,
            'content.create',
            [$projectId],
            $options,
            self::fields($params),
        );
    }

    /**
     * Gets a content item. Its article fields are null while it is generating.
     *
     * @example
     * $item = $client->content->retrieve('proj_123', 'cnt_456');
     *
     * @param array<string, mixed> $options
     */
    public function retrieve(string $projectId, string $contentId, array $options = []): ContentItem
    {
        return $this->request(ContentItem::class, 'content.retrieve', [$projectId, $contentId], $options);
    }

    /**
     * Edits a content item; fields left out keep their value. Editing a published article
     * republishes it.
     *
     * @example
     * $client->content->update('proj_123', 'cnt_456', ['title' => 'The perfect cold brew ratio']);
     *
     * @param array<string, mixed>|ContentUpdateParams $params
     * @param array<string, mixed> $options
     */
    public function update(
        string $projectId,
        string $contentId,
        array|ContentUpdateParams $params,
        array $options = [],
    ): ContentItem {
        return $this->request(
            ContentItem::class,
            'content.update',
            [$projectId, $contentId],
            $options,
            self::fields($params),
        );
    }

    /**
     * Lists a project's content, newest first, optionally by `status`.
     *
     * @example
     * foreach ($client->content->list('proj_123', ['status' => 'draft'])->autoPagingIterator() as $item) {
     *     echo $item->title, "\n";
     * }
     *
     * @param array{limit?: int, offset?: int, status?: string} $params
     * @param array<string, mixed> $options
     * @return Page<ContentItem>
     */
    public function list(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(
            ContentItem::class,
            'content.list',
            [$projectId],
            $params,
            $options,
        );
    }

    /**
     * Deletes a content item.
     *
     * @example
     * $client->content->delete('proj_123', 'cnt_456');
     *
     * @param array<string, mixed> $options
     */
    public function delete(string $projectId, string $contentId, array $options = []): Deleted
    {
        return $this->request(Deleted::class, 'content.delete', [$projectId, $contentId], $options);
    }

    /**
     * Publishes a draft; the project's webhook receives the article.
     *
     * @example
     * $article = $client->content->publish('proj_123', 'cnt_456');
     * echo $article->published_at;
     *
     * @param array<string, mixed> $options
     */
    public function publish(string $projectId, string $contentId, array $options = []): ContentItem
    {
        return $this->request(
            ContentItem::class,
            'content.publish',
            [$projectId, $contentId],
            $options,
        );
    }

    /**
     * Takes a published article offline; it becomes a draft again.
     *
     * @example
     * $draft = $client->content->unpublish('proj_123', 'cnt_456');
     *
     * @param array<string, mixed> $options
     */
    public function unpublish(string $projectId, string $contentId, array $options = []): ContentItem
    {
        return $this->request(
            ContentItem::class,
            'content.unpublish',
            [$projectId, $contentId],
            $options,
        );
    }

    /**
     * Creates content and polls until it leaves `generating`, then answers the item: a
     * `draft`, `published` (with `auto_publish`) or `failed` (see `failure_reason`). The first
     * poll waits for the generation time the server estimated, later ones every 2 s
     * (`poll_interval` sets both). Throws `WaitTimeoutException` after `wait_timeout` seconds
     * (default 600). On a server with a manual clock (it answers `x-rankquill-clock: manual`),
     * whose time moves only through `POST /__admin/clock/advance`, it polls for at most a second
     * and then throws `ManualClockException` instead of waiting for ever.
     *
     * @example
     * $article = $client->content->createAndWait('proj_123', ['keyword' => 'cold brew'], ['wait_timeout' => 300]);
     *
     * @param array<string, mixed>|ContentCreateParams $params
     * @param array<string, mixed> $options request options, plus `poll_interval` and `wait_timeout` in seconds
     */
    public function createAndWait(
        string $projectId,
        array|ContentCreateParams $params,
        array $options = [],
    ): ContentItem {
        RequestOptions::check($options, ['poll_interval', 'wait_timeout']);
        $pollInterval = isset($options['poll_interval'])
            ? RequestOptions::positiveSeconds('poll_interval', $options['poll_interval'])
            : null;
        $waitTimeout = isset($options['wait_timeout'])
            ? RequestOptions::positiveSeconds('wait_timeout', $options['wait_timeout'])
            : ClientPolicy::POLLING_WAIT_TIMEOUT_SECONDS;
        unset($options['poll_interval'], $options['wait_timeout']);
        $started = microtime(true);
        $answer = new ResponseRecorder();
        $created = $this->recordingInto($answer)->create($projectId, $params, $options);
        unset($options['idempotency_key']);
        // Time there moves only when a test moves it: give that a second, then say so.
        $manualUntil = $answer->last()->header(ClientPolicy::CLOCK_MODE_HEADER) === 'manual'
            ? microtime(true) + ClientPolicy::POLLING_MANUAL_CLOCK_WAIT_SECONDS
            : null;
        $stopAt = min($started + $waitTimeout, $manualUntil ?? INF);
        // Both instants come from the server's clock, so their difference holds even when it differs from ours.
        $estimated = (float) strtotime($created->estimated_completion) - (float) strtotime($created->created_at);
        $wait = $pollInterval ?? max(0.0, $estimated);
        while (true) {
            $remaining = $stopAt - microtime(true);
            if ($remaining <= 0) {
                if ($stopAt === $manualUntil) {
                    throw new ManualClockException($created->id);
                }
                throw new WaitTimeoutException($created->id, microtime(true) - $started, 'generating');
            }
            usleep((int) round(min($wait, $remaining) * 1_000_000));
            $item = $this->retrieve($projectId, $created->id, $options);
            if ($item->status !== ContentItem::STATUS_GENERATING) {
                return $item;
            }
            $wait = $pollInterval ?? ClientPolicy::POLLING_CONTENT_REPOLL_INTERVAL_SECONDS;
        }
    }

    /**
     * Exports every article of the project that has a body (draft and published), oldest
     * first, as `json`, `csv`, `html` or `markdown`, streamed to `$sink` as it arrives.
     *
     * @example
     * $file = $client->content->export('proj_123', ['format' => 'csv'], '/tmp/articles.csv');
     * echo $file->filename; // acme-content-2026-01-31.csv
     *
     * @param array{format: string} $params
     * @param mixed $sink a file path, a writable stream resource, or null for a temporary stream
     * @param array<string, mixed> $options
     */
    public function export(string $projectId, array $params, mixed $sink = null, array $options = []): ExportFile
    {
        return $this->streamFile(
            Endpoint::of('content.export', [$projectId]),
            $params,
            $sink,
            $options,
        );
    }
}
