<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Internal\PathTemplate;
use Rankquill\Model\WebhookTestResult;

/**
 * A project's webhook: `$client->webhooks`. Set or remove it with
 * `$client->projects->update($id, ['webhook' => [...]])`.
 *
 * @example
 * $result = $client->webhooks->test($projectId);
 * echo $result->error ?? "published at {$result->url}";
 */
class WebhookService extends AbstractService
{
    /**
     * Sends a sample `content.published` delivery to the project's webhook now, signed like a
     * real one, and answers what the receiver said. A project without a webhook is a 409.
     *
     * @example
     * $result = $client->webhooks->test('proj_123');
     * if ($result->error !== null) {
     *     echo $result->status, ' ', $result->error;
     * }
     *
     * @param array<string, mixed> $options
     */
    public function test(string $projectId, array $options = []): WebhookTestResult
    {
        return $this->request(
            WebhookTestResult::class,
            'POST',
            PathTemplate::expand('/projects/{projectId}/webhook/test', ['projectId' => $projectId]),
            $options,
        );
    }
}
