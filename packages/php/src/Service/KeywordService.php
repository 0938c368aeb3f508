<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\ExportFile;
use Rankquill\Internal\Endpoint;
use Rankquill\Model\Keyword;
use Rankquill\Model\KeywordCreateParams;
use Rankquill\Model\KeywordOpportunity;
use Rankquill\Model\KeywordPerformancePoint;
use Rankquill\Page;

/**
 * A project's tracked keywords and their rankings: `$client->keywords`.
 *
 * @example
 * $keyword = $client->keywords->create($projectId, ['keyword' => 'cold brew ratio']);
 * echo $keyword->position, ' ', $keyword->opportunity_score;
 */
class KeywordService extends AbstractService
{
    /**
     * Tracks a keyword; it is checked at once for today, then daily at 00:00 UTC.
     *
     * @example
     * $keyword = $client->keywords->create('proj_123', ['keyword' => 'cold brew ratio']);
     *
     * @param array<string, mixed>|KeywordCreateParams $params
     * @param array<string, mixed> $options
     */
    public function create(string $projectId, array|KeywordCreateParams $params, array $options = []): Keyword
    {
        return $this->request(
            Keyword::class,
            'keywords.create',
            [$projectId],
            $options,
            self::fields($params),
        );
    }

    /**
     * Lists the project's tracked keywords, newest first, with their latest figures.
     *
     * @example
     * foreach ($client->keywords->list('proj_123')->autoPagingIterator() as $keyword) {
     *     echo $keyword->keyword, ' ', $keyword->position ?? '-', "\n";
     * }
     *
     * @param array{limit?: int, offset?: int} $params
     * @param array<string, mixed> $options
     * @return Page<Keyword>
     */
    public function list(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(Keyword::class, 'keywords.list', [$projectId], $params, $options);
    }

    /**
     * Lists every keyword as an opportunity, highest score first, with the factors of its score.
     *
     * @example
     * $best = $client->keywords->opportunities('proj_123', ['limit' => 5])->data;
     *
     * @param array{limit?: int, offset?: int} $params
     * @param array<string, mixed> $options
     * @return Page<KeywordOpportunity>
     */
    public function opportunities(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(
            KeywordOpportunity::class,
            'keywords.opportunities',
            [$projectId],
            $params,
            $options,
        );
    }

    /**
     * Lists a keyword's daily rankings, newest day first, optionally between `from` and `to`
     * (`YYYY-MM-DD`).
     *
     * @example
     * $points = $client->keywords->performance('proj_123', 'kw_456', ['from' => '2026-01-01'])->data;
     *
     * @param array{limit?: int, offset?: int, from?: string, to?: string} $params
     * @param array<string, mixed> $options
     * @return Page<KeywordPerformancePoint>
     */
    public function performance(string $projectId, string $keywordId, array $params = [], array $options = []): Page
    {
        return $this->page(
            KeywordPerformancePoint::class,
            'keywords.performance',
            [$projectId, $keywordId],
            $params,
            $options,
        );
    }

    /**
     * Exports the tracked keywords as CSV (keyword, volume, position, position change,
     * impressions, clicks, opportunity score), streamed to `$sink`.
     *
     * @example
     * $csv = $client->keywords->export('proj_123')->text();
     *
     * @param array{format?: string} $params
     * @param mixed $sink a file path, a writable stream resource, or null for a temporary stream
     * @param array<string, mixed> $options
     */
    public function export(
        string $projectId,
        array $params = ['format' => 'csv'],
        mixed $sink = null,
        array $options = [],
    ): ExportFile {
        return $this->streamFile(Endpoint::of('keywords.export', [$projectId]), $params, $sink, $options);
    }
}
