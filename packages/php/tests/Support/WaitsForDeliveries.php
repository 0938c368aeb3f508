<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

use Rankquill\Model\Delivery;

/**
 * For a `ServerTestCase` whose test queues webhook deliveries, which the server sends in the
 * background: waits until the newest one has been attempted.
 */
trait WaitsForDeliveries
{
    /** The project's newest delivery once it has left `pending`. */
    private function settled(string $projectId): Delivery
    {
        // Up to 5 s: the background lane shares a loaded machine.
        for ($poll = 0; $poll < 500; $poll++) {
            $latest = $this->server->client()->deliveries->list($projectId, ['limit' => 1])->data[0];
            if ($latest->status !== 'pending') {
                return $latest;
            }
            usleep(10_000);
        }
        $this->fail('the delivery stayed pending');
    }
}
