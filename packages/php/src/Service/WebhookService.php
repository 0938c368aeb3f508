<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Model\Delivery;
use Rankquill\Model\WebhookSigningSecretRotation;

/**
 * A project's webhook: `$client->webhooks`. Set or remove it with
 * `$client->projects->update($id, ['webhook' => [...]])`, whose answer holds the signing secret
 * once.
 *
 * @example
 * $queued = $client->webhooks->test($projectId);
 * echo $queued->id, ' ', $queued->status; // dlv_… pending
 */
class WebhookService extends AbstractService
{
    /**
     * Queues a sample `content.published` delivery to the project's webhook, sent at once in the
     * background and signed like a real one, and answers the queued delivery (`pending`);
     * `$client->deliveries->list()` shows what the receiver said. A project without a webhook is
     * a 409.
     *
     * @example
     * $queued = $client->webhooks->test('proj_123');
     * $latest = $client->deliveries->list('proj_123', ['limit' => 1])->data[0];
     *
     * @param array<string, mixed> $options
     */
    public function test(string $projectId, array $options = []): Delivery
    {
        return $this->request(
            Delivery::class,
            'projects.webhook.test',
            [$projectId],
            $options,
        );
    }

    /**
     * Replaces the webhook's signing secret and answers the new one, this once. For 24 hours each
     * delivery carries signatures by both the new and the replaced secret.
     *
     * @example
     * $rotation = $client->webhooks->rotateSigningSecret('proj_123');
     * echo $rotation->previous_signing_secret_expires_at;
     *
     * @param array<string, mixed> $options
     */
    public function rotateSigningSecret(string $projectId, array $options = []): WebhookSigningSecretRotation
    {
        return $this->request(
            WebhookSigningSecretRotation::class,
            'projects.webhook.rotateSigningSecret',
            [$projectId],
            $options,
        );
    }
}
