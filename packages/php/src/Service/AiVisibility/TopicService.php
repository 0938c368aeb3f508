<?php

declare(strict_types=1);

namespace Rankquill\Service\AiVisibility;

use Rankquill\Model\AiVisibilityTopic;
use Rankquill\Model\AiVisibilityTopicCreateParams;
use Rankquill\Page;
use Rankquill\Service\AbstractService;

/**
 * Topics that group a project's prompts: `$client->aiVisibility->topics`.
 *
 * @example
 * $topic = $client->aiVisibility->topics->create($projectId, ['name' => 'Brewing']);
 */
class TopicService extends AbstractService
{
    /**
     * Creates a topic; a name the project already has (ignoring case and spacing) is a 409.
     *
     * @example
     * $topic = $client->aiVisibility->topics->create('proj_123', ['name' => 'Brewing']);
     *
     * @param array<string, mixed>|AiVisibilityTopicCreateParams $params
     * @param array<string, mixed> $options
     */
    public function create(
        string $projectId,
        array|AiVisibilityTopicCreateParams $params,
        array $options = [],
    ): AiVisibilityTopic {
        return $this->request(
            AiVisibilityTopic::class,
            'aiVisibility.topics.create',
            [$projectId],
            $options,
            self::fields($params),
        );
    }

    /**
     * Lists the project's topics, newest first.
     *
     * @example
     * foreach ($client->aiVisibility->topics->list('proj_123')->autoPagingIterator() as $topic) {
     *     echo $topic->name, ' ', $topic->prompt_count, "\n";
     * }
     *
     * @param array{limit?: int, offset?: int} $params
     * @param array<string, mixed> $options
     * @return Page<AiVisibilityTopic>
     */
    public function list(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(AiVisibilityTopic::class, 'aiVisibility.topics.list', [$projectId], $params, $options);
    }
}
