<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Exception\ConflictException;
use Rankquill\Model\WebhookTestResult;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;

final class WebhookServiceTest extends ServerTestCase
{
    public function testAnswersConflictWhenTheProjectHasNoWebhook(): void
    {
        $error = $this->thrownBy(
            fn () => $this->server->client()->webhooks->test($this->server->projectId),
            ConflictException::class,
        );
        $this->assertSame('webhook', $error->getParam());
    }

    public function testSendsASampleDeliveryAndAnswersWhatTheReceiverSaid(): void
    {
        $receiver = ScriptedServer::start([
            ['status' => 200, 'body' => '{"success": true, "url": "/en/resources/blog/sample"}'],
        ]);
        try {
            $client = $this->server->client();
            $projectId = $this->server->projectId;
            $project = $client->projects->update(
                $projectId,
                ['webhook' => ['url' => "{$receiver->url}/hook", 'secret' => 's3cret']],
            );
            $this->assertSame(['url' => "{$receiver->url}/hook", 'secret_set' => true], $project->webhook->toArray());

            $result = $client->webhooks->test($projectId);
            $this->assertInstanceOf(WebhookTestResult::class, $result);
            $this->assertSame(['content.published', 200, null], [$result->event, $result->status, $result->error]);
            $this->assertSame('/en/resources/blog/sample', $result->url);
            $this->assertSame(['success' => true, 'url' => '/en/resources/blog/sample'], $result->body);

            $seen = $receiver->requests();
            $this->assertCount(1, $seen);
            $this->assertSame('/hook', $seen[0]['path']);
            $this->assertSame('s3cret', $seen[0]['headers']['x-service-key']);
            $this->assertSame('content.published', $seen[0]['headers']['x-service-event']);
            $this->assertSame($result->delivery_id, $seen[0]['headers']['x-service-delivery']);
        } finally {
            $receiver->stop();
        }
    }
}
