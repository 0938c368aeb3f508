<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Exception\ConflictException;
use Rankquill\Model\Delivery;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;
use Rankquill\Tests\Support\WaitsForDeliveries;
use Rankquill\Webhooks\Webhook;

final class WebhookServiceTest extends ServerTestCase
{
    use WaitsForDeliveries;

    public function testAnswersConflictWhenTheProjectHasNoWebhook(): void
    {
        $error = $this->thrownBy(
            fn () => $this->server->client()->webhooks->test($this->server->projectId),
            ConflictException::class,
        );
        $this->assertSame('webhook', $error->getParam());
    }

    public function testQueuesASampleDeliveryListsItsAttemptRedeliversItAndRotatesTheSigningSecret(): void
    {
        $answer = ['status' => 200, 'body' => '{"success": true, "url": "/en/resources/blog/sample"}'];
        $receiver = ScriptedServer::start([$answer, $answer, $answer]);
        try {
            $client = $this->server->client();
            $projectId = $this->server->projectId;
            $project = $client->projects->update(
                $projectId,
                ['webhook' => ['url' => "{$receiver->url}/hook", 'secret' => 's3cret']],
            );
            $this->assertStringStartsWith('whsec_', $project->webhook->signing_secret);
            $this->assertTrue($project->webhook->signing_secret_set);

            $queued = $client->webhooks->test($projectId);
            $this->assertInstanceOf(Delivery::class, $queued);
            $this->assertSame(['content.published', 'pending', true], [$queued->event, $queued->status, $queued->test]);
            $latest = $this->settled($projectId);
            $this->assertSame([$queued->id, 'succeeded', 1], [$latest->id, $latest->status, $latest->attempt_count]);
            $this->assertSame(200, $latest->attempts[0]->status);

            $again = $client->deliveries->redeliver($projectId, $queued->id);
            $this->assertSame([$queued->id, 'pending'], [$again->id, $again->status]);
            $this->assertSame(2, $this->settled($projectId)->attempt_count);

            $seen = $receiver->requests();
            $this->assertCount(2, $seen);
            $this->assertSame('s3cret', $seen[0]['headers']['x-service-key']);
            $this->assertSame($queued->id, $seen[1]['headers']['webhook-id']);
            // Signed with the signing secret the PUT answered (verifySignature throws otherwise).
            $signingSecret = $project->webhook->signing_secret;
            Webhook::verifySignature($signingSecret, $seen[0]['headers'], $seen[0]['body']);

            $rotation = $client->webhooks->rotateSigningSecret($projectId);
            $this->assertStringStartsWith('whsec_', $rotation->signing_secret);
            $this->assertNotSame($signingSecret, $rotation->signing_secret);
            // For a day, deliveries carry signatures by both.
            $client->deliveries->redeliver($projectId, $queued->id);
            $this->assertSame(3, $this->settled($projectId)->attempt_count);
            $rotated = $receiver->requests()[2];
            Webhook::verifySignature($rotation->signing_secret, $rotated['headers'], $rotated['body']);
            Webhook::verifySignature($signingSecret, $rotated['headers'], $rotated['body']);
        } finally {
            $receiver->stop();
        }
    }
}
