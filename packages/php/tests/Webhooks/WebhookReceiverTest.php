<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Model\ArticlePayload;
use Rankquill\Model\KeywordRankingChangedEvent;
use Rankquill\RankquillObject;
use Rankquill\Webhooks\ArticleStore;
use Rankquill\Webhooks\MemoryArticleStore;
use Rankquill\Webhooks\StoredArticle;
use Rankquill\Webhooks\Webhook;
use Rankquill\Webhooks\WebhookContext;
use Rankquill\Webhooks\WebhookReceiver;

final class WebhookReceiverTest extends TestCase
{
    private const SECRET = 'hook-secret-0123456789';
    private const SIGNING_SECRET = 'whsec_9ZxHoEOH6PjrGl4LR0sjyG8fvOAnF6ARkA4n7prulYU=';
    private const ARTICLE = '{"title":"Cold brew","slug":"cold-brew","content":"<p '
        . 'onclick=\"x()\">Steep</p><script>x()</script>"}';

    /** @return array<string, string> */
    private static function headers(string $event = 'content.published', string $delivery = 'dlv_1'): array
    {
        return ['X-Service-Key' => self::SECRET, 'X-Service-Event' => $event, 'X-Service-Delivery' => $delivery];
    }

    public function testStoresTheSanitizedArticleAndRunsTheHandlerOfItsEvent(): void
    {
        $seen = [];
        $receiver = new WebhookReceiver([
            'secret' => self::SECRET,
            'on' => ['content.published' => function (
                RankquillObject $article,
                WebhookContext $context,
            ) use (&$seen): void {
                $seen[] = [$article, $context];
            }],
        ]);
        $result = $receiver->handle(self::headers(), self::ARTICLE);
        $this->assertSame(200, $result->status);
        $this->assertSame('{"success":true,"url":"/en/resources/blog/cold-brew"}', $result->json());
        $this->assertSame('content.published', $result->event);
        [[$article, $context]] = $seen;
        $this->assertInstanceOf(ArticlePayload::class, $article);
        $this->assertSame('<p>Steep</p>', $article->content);
        $this->assertSame(
            ['Rankquill', 'en', 'Cold brew'],
            [$article->author, $article->language, $article->meta_title],
        );
        $this->assertSame(['content.published', 'dlv_1', null, '/en/resources/blog/cold-brew'], [
            $context->event, $context->deliveryId, $context->webhookId, $context->url,
        ]);
        $stored = $receiver->store?->get('cold-brew');
        $this->assertInstanceOf(StoredArticle::class, $stored);
        $this->assertSame('<p>Steep</p>', $stored->content);
        $this->assertSame('/en/resources/blog/cold-brew', $stored->url);
    }

    public function testGivesOtherEventsTheirModelAndSeveralHandlersRunInOrder(): void
    {
        $calls = [];
        $receiver = (new WebhookReceiver(['secret' => self::SECRET]))
            ->on('keyword.ranking_changed', function (KeywordRankingChangedEvent $event) use (&$calls): void {
                $calls[] = "first {$event->keyword} {$event->position}";
            })
            ->on('keyword.ranking_changed', function (KeywordRankingChangedEvent $event) use (&$calls): void {
                $calls[] = "second {$event->change}";
            });
        $body = json_encode([
            'event' => 'keyword.ranking_changed', 'project_id' => 'proj_1', 'keyword_id' => 'kw_1',
            'keyword' => 'cold brew', 'previous_position' => 9, 'position' => 7, 'change' => 2,
            'checked_at' => '2026-01-02T00:00:00.000Z',
        ]);
        $result = $receiver->handle(self::headers('keyword.ranking_changed'), (string) $body);
        $this->assertSame([200, ['success' => true, 'url' => '']], [$result->status, $result->body]);
        $this->assertSame(['first cold brew 7', 'second 2'], $calls);

        $invalid = $receiver->handle(self::headers('keyword.ranking_changed'), '{"keyword": 5, "position": "7"}');
        $this->assertSame(400, $invalid->status);
        $this->assertStringContainsString('Missing required fields: project_id, keyword_id', $invalid->body['error']);
        $this->assertStringContainsString('Invalid field keyword: must be a string.', $invalid->body['error']);
        $this->assertStringContainsString('Invalid field position: must be an integer.', $invalid->body['error']);
    }

    public function testAFailingHandlerOrStoreAnswers500SoTheServiceRetries(): void
    {
        $receiver = new WebhookReceiver([
            'secret' => self::SECRET,
            'on' => ['content.published' => static function (): void {
                throw new \RuntimeException('CDN purge failed');
            }],
        ]);
        $result = $receiver->handle(self::headers(), self::ARTICLE);
        $this->assertSame(500, $result->status);
        $this->assertStringContainsString(
            'The content.published handler failed: CDN purge failed',
            $result->body['error'],
        );

        $broken = new class implements ArticleStore {
            public function upsert(StoredArticle $article): void
            {
                throw new \RuntimeException('disk full');
            }

            public function remove(string $slug): bool
            {
                throw new \RuntimeException('disk gone');
            }

            public function get(string $slug): ?StoredArticle
            {
                return null;
            }

            public function list(): array
            {
                return [];
            }
        };
        $storing = (new WebhookReceiver([
            'secret' => self::SECRET,
            'store' => $broken,
        ]))->handle(self::headers(), self::ARTICLE);
        $this->assertSame(500, $storing->status);
        $this->assertStringContainsString(
            'Could not store the article "cold-brew": disk full',
            $storing->body['error'],
        );
        $removal = '{"event":"content.deleted","content_id":"cnt_1","project_id":"proj_1","slug":"cold-brew",'
            . '"language":"en","occurred_at":"2026-01-01T00:00:00.000Z"}';
        $removing = (new WebhookReceiver([
            'secret' => self::SECRET,
            'store' => $broken,
        ]))->handle(self::headers('content.deleted'), $removal);
        $this->assertSame(500, $removing->status);
        $this->assertStringContainsString('disk gone', $removing->body['error']);
    }

    public function testRemoveOnAndStoreFalseLeaveArticlesToTheHandlers(): void
    {
        $store = new MemoryArticleStore();
        $keeping = new WebhookReceiver([
            'secret' => self::SECRET,
            'store' => $store,
            'remove_on' => ['content.deleted'],
        ]);
        $keeping->handle(self::headers(), self::ARTICLE);
        $unpublish = '{"event":"content.unpublished","content_id":"cnt_1","project_id":"proj_1","slug":"cold-brew",'
            . '"language":"en","occurred_at":"2026-01-01T00:00:00.000Z"}';
        $result = $keeping->handle(self::headers('content.unpublished'), $unpublish);
        $this->assertSame(['success' => true, 'url' => '/en/resources/blog/cold-brew'], $result->body);
        $this->assertNotNull($store->get('cold-brew'));

        $nothing = new WebhookReceiver(['secret' => self::SECRET, 'store' => false]);
        $this->assertNull($nothing->store);
        $this->assertSame(200, $nothing->handle(self::headers(), self::ARTICLE)->status);
    }

    public function testWithASigningSecretOnlySignedDeliveriesPass(): void
    {
        $now = 1767259800;
        $receiver = new WebhookReceiver([
            'secret' => self::SECRET,
            'signing_secret' => self::SIGNING_SECRET,
            'clock' => fn (): int => $now,
        ]);
        $unsigned = $receiver->handle(self::headers(), self::ARTICLE);
        $this->assertSame(401, $unsigned->status);
        $this->assertStringContainsString('webhook-signature', $unsigned->body['error']);
        $signed = self::headers() + Webhook::signatureHeaders(self::SIGNING_SECRET, 'dlv_1', self::ARTICLE, $now - 10);
        $this->assertSame(200, $receiver->handle($signed, self::ARTICLE)->status);
        $this->assertSame(401, $receiver->handle($signed, self::ARTICLE . ' ')->status);
        $this->assertSame(401, $receiver->handle(['X-Service-Key' => 'nope'] + $signed, self::ARTICLE)->status);
    }

    /** @return iterable<string, array{array<string, mixed>, string}> */
    public function badOptions(): iterable
    {
        yield 'no secret' => [[], "needs 'secret'"];
        yield 'empty secret' => [['secret' => ''], "needs 'secret'"];
        yield 'unknown option' => [['secret' => 's', 'verify' => false], 'Unknown option "verify"'];
        yield 'signing secret without prefix' => [
            ['secret' => 's', 'signing_secret' => 'hook-secret-0123456789'],
            'start with whsec_',
        ];
        yield 'signing secret too short' => [
            ['secret' => 's', 'signing_secret' => 'whsec_' . base64_encode('short')],
            '24 to 64',
        ];
        yield 'a store of another kind' => [['secret' => 's', 'store' => new \stdClass()], 'ArticleStore'];
        yield 'an unknown removal event' => [['secret' => 's', 'remove_on' => ['content.generated']], 'remove_on'];
        yield 'a handler of an unknown event' => [
            ['secret' => 's', 'on' => ['content.archived' => 'strlen']],
            'Unknown webhook event',
        ];
    }

    /**
     * @dataProvider badOptions
     * @param array<string, mixed> $options
     */
    public function testRefusesBadOptionsAtConstructionWithoutRepeatingSecrets(array $options, string $message): void
    {
        try {
            new WebhookReceiver($options);
            $this->fail('accepted');
        } catch (InvalidArgumentException $error) {
            $this->assertStringContainsString($message, $error->getMessage());
            $this->assertStringNotContainsString('0123456789', $error->getMessage());
        }
    }

    public function testNoSecretShowsInADumpOfTheReceiver(): void
    {
        $receiver = new WebhookReceiver(['secret' => self::SECRET, 'signing_secret' => self::SIGNING_SECRET]);
        ob_start();
        var_dump($receiver);
        $dumps = [(string) ob_get_clean(), print_r($receiver, true), var_export($receiver, true)];
        foreach ($dumps as $dump) {
            $this->assertStringNotContainsString('0123456789', $dump);
            $this->assertStringNotContainsString('9ZxHoEOH', $dump);
            $this->assertStringNotContainsString(base64_decode('9ZxHoEOH6PjrGl4LR0sjyG8fvOAnF6ARkA4n7prulYU='), $dump);
        }
    }
}
