<?php

declare(strict_types=1);

namespace Rankquill\Service\AiVisibility;

use Rankquill\Model\AiVisibilityPrompt;
use Rankquill\Model\AiVisibilityPromptCreateParams;
use Rankquill\Page;
use Rankquill\Service\AbstractService;

/**
 * Prompts asked on every AI platform daily: `$client->aiVisibility->prompts`.
 *
 * @example
 * $prompt = $client->aiVisibility->prompts->create($projectId, [
 *     'topic_id' => $topicId,
 *     'text' => 'Best cold brew ratio?',
 * ]);
 */
class PromptService extends AbstractService
{
    /**
     * Creates a prompt under a topic of the project; it is asked at once for today, then daily.
     *
     * @example
     * $prompt = $client->aiVisibility->prompts->create('proj_123', [
     *     'topic_id' => 'top_456',
     *     'text' => 'Best cold brew ratio?',
     * ]);
     *
     * @param array<string, mixed>|AiVisibilityPromptCreateParams $params
     * @param array<string, mixed> $options
     */
    public function create(
        string $projectId,
        array|AiVisibilityPromptCreateParams $params,
        array $options = [],
    ): AiVisibilityPrompt {
        return $this->request(
            AiVisibilityPrompt::class,
            'aiVisibility.prompts.create',
            [$projectId],
            $options,
            self::fields($params),
        );
    }

    /**
     * Lists the project's prompts, newest first, optionally of one `topic_id`.
     *
     * @example
     * $prompts = $client->aiVisibility->prompts->list('proj_123', ['topic_id' => 'top_456'])->data;
     *
     * @param array{limit?: int, offset?: int, topic_id?: string} $params
     * @param array<string, mixed> $options
     * @return Page<AiVisibilityPrompt>
     */
    public function list(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(AiVisibilityPrompt::class, 'aiVisibility.prompts.list', [$projectId], $params, $options);
    }
}
