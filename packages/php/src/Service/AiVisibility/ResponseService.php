<?php

declare(strict_types=1);

namespace Rankquill\Service\AiVisibility;

use Rankquill\Model\AiVisibilityResponse;
use Rankquill\Page;
use Rankquill\Service\AbstractService;

/**
 * The AI platforms' answers to a project's prompts: `$client->aiVisibility->responses`.
 *
 * @example
 * foreach ($client->aiVisibility->responses->list($projectId, ['platform' => 'chatgpt'])->data as $answer) {
 *     echo $answer->mentioned ? 'mentioned' : 'not mentioned', "\n";
 * }
 */
class ResponseService extends AbstractService
{
    /**
     * Lists answers, newest first, filtered by `prompt_id`, `topic_id`, `platform` and the days
     * `from` and `to`.
     *
     * @example
     * $answers = $client->aiVisibility->responses->list('proj_123', ['platform' => 'perplexity']);
     *
     * @param array{
     *     limit?: int, offset?: int, prompt_id?: string, topic_id?: string, platform?: string,
     *     from?: string, to?: string
     * } $params
     * @param array<string, mixed> $options
     * @return Page<AiVisibilityResponse>
     */
    public function list(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(
            AiVisibilityResponse::class,
            'aiVisibility.responses.list',
            [$projectId],
            $params,
            $options,
        );
    }
}
