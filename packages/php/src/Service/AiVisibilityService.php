<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\ExportFile;
use Rankquill\Internal\HttpTransport;
use Rankquill\Internal\Endpoint;
use Rankquill\Model\AiVisibilityScore;
use Rankquill\Service\AiVisibility\PromptService;
use Rankquill\Service\AiVisibility\ResponseService;
use Rankquill\Service\AiVisibility\TopicService;

/**
 * A project's visibility in AI answers: `$client->aiVisibility`, with `topics`, `prompts` and
 * `responses`.
 *
 * @example
 * $score = $client->aiVisibility->retrieve($projectId, ['from' => '2026-01-01', 'to' => '2026-01-31']);
 * echo $score->score, ' ', $score->citation_score;
 */
class AiVisibilityService extends AbstractService
{
    /** Topics that group prompts: create, list. */
    public readonly TopicService $topics;
    /** Prompts asked on every AI platform daily: create, list. */
    public readonly PromptService $prompts;
    /** The platforms' answers to the prompts: list. */
    public readonly ResponseService $responses;

    /**
     * @internal The client creates its services; there is no need to construct one.
     */
    public function __construct(HttpTransport $transport)
    {
        parent::__construct($transport);
        $this->topics = new TopicService($transport);
        $this->prompts = new PromptService($transport);
        $this->responses = new ResponseService($transport);
    }

    /**
     * The visibility score over a period (default: the last 30 days), with the citation score,
     * a breakdown per platform and the most cited domains.
     *
     * @example
     * $score = $client->aiVisibility->retrieve('proj_123');
     * foreach ($score->platforms as $platform) {
     *     echo $platform->platform, ' ', $platform->score, "\n";
     * }
     *
     * @param array{from?: string, to?: string} $params days, `YYYY-MM-DD`
     * @param array<string, mixed> $options
     */
    public function retrieve(string $projectId, array $params = [], array $options = []): AiVisibilityScore
    {
        return $this->request(
            AiVisibilityScore::class,
            'aiVisibility.retrieve',
            [$projectId],
            $options,
            null,
            $params,
        );
    }

    /**
     * Exports topics, prompts, responses, the score and the platform breakdown as one JSON
     * document, streamed to `$sink`.
     *
     * @example
     * $document = $client->aiVisibility->export('proj_123')->json();
     *
     * @param array{format?: string} $params
     * @param mixed $sink a file path, a writable stream resource, or null for a temporary stream
     * @param array<string, mixed> $options
     */
    public function export(
        string $projectId,
        array $params = ['format' => 'json'],
        mixed $sink = null,
        array $options = [],
    ): ExportFile {
        return $this->streamFile(
            Endpoint::of('aiVisibility.export', [$projectId]),
            $params,
            $sink,
            $options,
        );
    }
}
