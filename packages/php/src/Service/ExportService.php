<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\UnexpectedValueException;
use Rankquill\Exception\WaitTimeoutException;
use Rankquill\ExportFile;
use Rankquill\Internal\ClientPolicy;
use Rankquill\Internal\Endpoint;
use Rankquill\Internal\HttpTransport;
use Rankquill\Internal\RequestOptions;
use Rankquill\Model\BulkExport;
use Rankquill\Model\BulkExportCreateParams;

/**
 * Bulk exports of a project (JSON, a ZIP of CSVs, a PDF report), made in the background and
 * downloaded through a signed link that needs no API key: `$client->exports`.
 *
 * @example
 * $export = $client->exports->createAndWait($projectId, ['types' => ['content'], 'format' => 'json']);
 * $client->exports->download($export, '/tmp/' . $export->filename);
 */
class ExportService extends AbstractService
{
    /**
     * @internal The client creates its services; there is no need to construct one.
     *
     * @param string $baseUrl the main API address, ending in `/v1`
     */
    public function __construct(HttpTransport $transport, private readonly string $baseUrl)
    {
        parent::__construct($transport);
    }

    /**
     * Starts a bulk export; it answers at once with `status` `pending`.
     *
     * @example
     * $export = $client->exports->create('proj_123', [
     *     'types' => ['content', 'keywords'],
     *     'format' => 'csv',
     *     'date_range' => ['from' => '2026-01-01', 'to' => '2026-01-31'],
     * ]);
     *
     * @param array<string, mixed>|BulkExportCreateParams $params
     * @param array<string, mixed> $options
     */
    public function create(string $projectId, array|BulkExportCreateParams $params, array $options = []): BulkExport
    {
        return $this->request(
            BulkExport::class,
            'exports.create',
            [$projectId],
            $options,
            self::fields($params),
        );
    }

    /**
     * Gets a bulk export. A `ready` one carries a freshly signed `download_url`, valid for an hour.
     *
     * @example
     * $export = $client->exports->retrieve('proj_123', 'exp_456');
     *
     * @param array<string, mixed> $options
     */
    public function retrieve(string $projectId, string $exportId, array $options = []): BulkExport
    {
        return $this->request(
            BulkExport::class,
            'exports.retrieve',
            [$projectId, $exportId],
            $options,
        );
    }

    /**
     * Starts a bulk export and polls every `poll_interval` seconds (default 1) until it leaves
     * `pending` and `processing`: `ready` (download it) or `failed` (see `failure_reason`).
     * Throws `WaitTimeoutException` after `wait_timeout` seconds (default 600).
     *
     * @example
     * $export = $client->exports->createAndWait('proj_123', ['types' => ['content'], 'format' => 'json']);
     *
     * @param array<string, mixed>|BulkExportCreateParams $params
     * @param array<string, mixed> $options request options, plus `poll_interval` and `wait_timeout` in seconds
     */
    public function createAndWait(
        string $projectId,
        array|BulkExportCreateParams $params,
        array $options = [],
    ): BulkExport {
        RequestOptions::check($options, ['poll_interval', 'wait_timeout']);
        $pollInterval = isset($options['poll_interval'])
            ? RequestOptions::positiveSeconds('poll_interval', $options['poll_interval'])
            : ClientPolicy::POLLING_EXPORT_INTERVAL_SECONDS;
        $waitTimeout = isset($options['wait_timeout'])
            ? RequestOptions::positiveSeconds('wait_timeout', $options['wait_timeout'])
            : ClientPolicy::POLLING_WAIT_TIMEOUT_SECONDS;
        unset($options['poll_interval'], $options['wait_timeout']);
        $started = microtime(true);
        $current = $this->create($projectId, $params, $options);
        unset($options['idempotency_key']);
        while (\in_array($current->status, [BulkExport::STATUS_PENDING, BulkExport::STATUS_PROCESSING], true)) {
            $remaining = $started + $waitTimeout - microtime(true);
            if ($remaining <= 0) {
                throw new WaitTimeoutException($current->id, microtime(true) - $started, $current->status);
            }
            usleep((int) round(min($pollInterval, $remaining) * 1_000_000));
            $current = $this->retrieve($projectId, $current->id, $options);
        }
        return $current;
    }

    /**
     * Downloads the file of a ready export, from the export or its `download_url`, streamed to
     * `$sink` as it arrives. The link carries a signed token, so no API key is sent with it; a
     * link past its hour throws `AuthenticationException`: retrieve the export for a fresh one.
     *
     * @example
     * $file = $client->exports->download($export, '/var/exports/' . $export->filename);
     * echo $file->size;
     *
     * @param BulkExport|string $exportOrUrl
     * @param mixed $sink a file path, a writable stream resource, or null for a temporary stream
     * @param array<string, mixed> $options
     */
    public function download(BulkExport|string $exportOrUrl, mixed $sink = null, array $options = []): ExportFile
    {
        $url = \is_string($exportOrUrl) ? $exportOrUrl : self::readyUrl($exportOrUrl);
        if (!preg_match('#^https?://#i', $url)) {
            if (!str_starts_with($url, '/')) {
                throw new InvalidArgumentException(sprintf(
                    'download() needs a BulkExport or its download_url; got %s.',
                    json_encode($url),
                ));
            }
            // A link the server gave as a path lives beside the API's base path.
            $url = preg_replace('#' . preg_quote(ClientPolicy::BASE_PATHS_API, '#') . '$#', '', $this->baseUrl) . $url;
        }
        $options['headers'] = ['authorization' => null] + ($options['headers'] ?? []);
        return $this->streamFile(Endpoint::at('exports.download', $url), [], $sink, $options);
    }

    private static function readyUrl(BulkExport $export): string
    {
        if ($export->status !== BulkExport::STATUS_READY || !\is_string($export->download_url)) {
            throw new UnexpectedValueException(sprintf(
                "Export %s is %s, not ready: wait for it with exports->createAndWait(), or retrieve it until its "
                . "status is 'ready'.",
                $export->id,
                $export->status,
            ));
        }
        return $export->download_url;
    }
}
