<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Model\Delivery;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;
use Rankquill\Tests\Support\WaitsForDeliveries;

final class DeliveryServiceTest extends ServerTestCase
{
    use WaitsForDeliveries;

    public function testRetrievesADeliveryAsTheListShowsItWithItsAttempts(): void
    {
        $answer = ['status' => 200, 'body' => '{"success": true, "url": "/en/resources/blog/sample"}'];
        $receiver = ScriptedServer::start([$answer]);
        try {
            $client = $this->server->client();
            $projectId = $this->server->projectId;
            $this->pointWebhookAt($projectId, $receiver);
            $queued = $client->webhooks->test($projectId);
            $listed = $this->settled($projectId);
            $this->assertSame($queued->id, $listed->id);

            $retrieved = $client->deliveries->retrieve($projectId, $queued->id);
            $this->assertInstanceOf(Delivery::class, $retrieved);
            $this->assertSame($listed->toArray(), $retrieved->toArray());
            $this->assertSame(
                ['succeeded', 1, 200],
                [$retrieved->status, $retrieved->attempt_count, $retrieved->attempts[0]->status],
            );
        } finally {
            $receiver->stop();
        }
    }

    public function testThrowsNotFoundNamingDeliveryIdForAnUnknownIdAndOneOfAnotherProject(): void
    {
        $client = $this->server->client();
        $missing = $this->thrownBy(
            fn () => $client->deliveries->retrieve($this->server->projectId, 'dlv_missing'),
            NotFoundException::class,
        );
        $this->assertSame(['not_found_error', 'deliveryId'], [$missing->getType(), $missing->getParam()]);

        $receiver = ScriptedServer::start([['status' => 200, 'body' => '{"success": true, "url": "/x"}']]);
        try {
            $other = $client->projects->create(['name' => 'Other', 'domain' => 'other.example']);
            $this->pointWebhookAt($other->id, $receiver);
            $foreign = $client->webhooks->test($other->id);
            $this->assertSame($foreign->id, $this->settled($other->id)->id);
            $this->assertSame($foreign->id, $client->deliveries->retrieve($other->id, $foreign->id)->id);
            $error = $this->thrownBy(
                fn () => $client->deliveries->retrieve($this->server->projectId, $foreign->id),
                NotFoundException::class,
            );
            $this->assertSame('deliveryId', $error->getParam());
        } finally {
            $receiver->stop();
        }
    }

    public function testRefusesADotDotIdBeforeAnyRequest(): void
    {
        $recorder = ScriptedServer::start([]);
        try {
            $client = $this->server->client(['base_url' => $recorder->url . '/v1', 'max_retries' => 0]);
            $error = $this->thrownBy(
                fn () => $client->deliveries->retrieve('proj_1', '..'),
                InvalidArgumentException::class,
            );
            $this->assertStringContainsString('$deliveryId', $error->getMessage());
            $this->assertSame([], $recorder->requests());
        } finally {
            $recorder->stop();
        }
    }

    private function pointWebhookAt(string $projectId, ScriptedServer $receiver): void
    {
        $webhook = ['url' => "{$receiver->url}/hook", 'secret' => 's3cret'];
        $this->server->client()->projects->update($projectId, ['webhook' => $webhook]);
    }
}
