<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Model\Delivery;
use Rankquill\Page;

/**
 * The deliveries of a project's webhook, with their attempts: `$client->deliveries`.
 *
 * @example
 * foreach ($client->deliveries->list($projectId)->autoPagingIterator() as $delivery) {
 *     echo $delivery->event, ' ', $delivery->status, "\n";
 * }
 */
class DeliveryService extends AbstractService
{
    /**
     * Lists the project's deliveries, newest first, each with its latest attempts.
     *
     * @example
     * $latest = $client->deliveries->list('proj_123', ['limit' => 5])->data;
     *
     * @param array{limit?: int, offset?: int} $params
     * @param array<string, mixed> $options
     * @return Page<Delivery>
     */
    public function list(string $projectId, array $params = [], array $options = []): Page
    {
        return $this->page(
            Delivery::class,
            'deliveries.list',
            [$projectId],
            $params,
            $options,
        );
    }

    /**
     * One delivery of the project, with its attempts: the same `Delivery` `list()` pages over. An
     * id that is not one of this project's deliveries is a `NotFoundException` with param
     * `deliveryId`.
     *
     * @example
     * $delivery = $client->deliveries->retrieve('proj_123', 'dlv_456');
     * echo $delivery->status, ' after ', $delivery->attempt_count, " attempt(s)\n";
     *
     * @param array<string, mixed> $options
     */
    public function retrieve(string $projectId, string $deliveryId, array $options = []): Delivery
    {
        return $this->request(
            Delivery::class,
            'deliveries.retrieve',
            [$projectId, $deliveryId],
            $options,
        );
    }

    /**
     * Sends a delivery again with the same `webhook-id`: one attempt, now, or once the delivery of
     * the same content item under way has ended. Answers the delivery, `pending`.
     *
     * @example
     * $again = $client->deliveries->redeliver('proj_123', 'dlv_456');
     *
     * @param array<string, mixed> $options
     */
    public function redeliver(string $projectId, string $deliveryId, array $options = []): Delivery
    {
        return $this->request(
            Delivery::class,
            'deliveries.redeliver',
            [$projectId, $deliveryId],
            $options,
        );
    }
}
