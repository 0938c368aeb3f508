<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Model\ArticlePayload;
use Rankquill\RankquillObject;

/**
 * Dispatch of a checked, valid delivery: stores or removes the article (with defaults and
 * sanitized content), then runs the event's handlers. A store or handler failure is a 500, so
 * the service retries. With a store that is a `DeliveryMemory` (both built-in ones), a replayed
 * `webhook-id`, or a `webhook-timestamp` older than the slug's (its article's or its removal's),
 * answers 200 with the article's URL and applies nothing.
 *
 * @internal `WebhookReceiver` builds one and hands it its deliveries.
 */
final class DeliveryDispatcher
{
    private const ARTICLE_EVENTS = ['content.published', 'content.updated'];
    /** 2^53 - 1: the largest timestamp every language reads exactly. */
    private const LARGEST_TIMESTAMP = 9_007_199_254_740_991;

    /** @var array<string, list<callable>> */
    private array $handlers = [];
    private readonly HtmlSanitizer $sanitizer;

    public function __construct(private readonly ReceiverOptions $options)
    {
        $this->sanitizer = new HtmlSanitizer();
        foreach ($options->handlers as [$event, $handler]) {
            $this->on($event, $handler);
        }
    }

    public function on(string $event, callable $handler): void
    {
        if (!isset(EventSchemas::EVENTS[$event])) {
            throw new InvalidArgumentException(sprintf(
                'Unknown webhook event "%s": use one of %s.',
                $event,
                implode(', ', array_keys(EventSchemas::EVENTS)),
            ));
        }
        $this->handlers[$event][] = $handler;
    }

    /** @return list<string> events with at least one handler */
    public function events(): array
    {
        return array_keys($this->handlers);
    }

    /**
     * Applies one delivery of a known event whose body is a JSON object.
     *
     * @param array<string, mixed> $payload
     * @param array<string, string> $headers lower-case names
     */
    public function dispatch(string $event, array $payload, array $headers): WebhookResult
    {
        $deliveryId = $headers['x-service-delivery'] ?? null;
        $webhookId = $headers['webhook-id'] ?? null;
        $timestamp = self::timestamp($headers['webhook-timestamp'] ?? '');
        $isArticle = \in_array($event, self::ARTICLE_EVENTS, true);
        $problems = $isArticle
            ? DeliveryValidation::articleProblems($event, $payload)
            : DeliveryValidation::eventProblems($event, $payload);
        if ($problems !== null) {
            return WebhookResult::failure(400, $problems, $event);
        }
        $slug = $isArticle || \in_array($event, WebhookReceiver::REMOVAL_EVENTS, true)
            ? (string) $payload['slug']
            : null;
        $memory = $this->options->store instanceof DeliveryMemory ? $this->options->store : null;
        $now = ($this->options->clock)();
        if ($memory !== null && $this->isStale($memory, $webhookId, $timestamp, $slug, $now)) {
            $url = $slug === null ? '' : $this->options->articleUrl(self::language($payload), $slug);
            $stored = $slug === null ? null : $this->options->store?->get($slug);
            return new WebhookResult(200, ['success' => true, 'url' => $stored?->url ?? $url], $event);
        }
        $result = $isArticle
            ? $this->receiveArticle($event, $payload, $deliveryId, $webhookId)
            : $this->receiveEvent($event, $payload, $deliveryId, $webhookId);
        if ($memory !== null && $result->status < 300) {
            try {
                $memory->remember($webhookId, $now, $slug, $webhookId === null ? null : $timestamp);
            } catch (\Throwable $error) {
                return self::storeFailed('remember the delivery of', (string) $slug, $error, $event);
            }
        }
        return $result;
    }

    /** A delivery already applied, or older than the article it would change or its removal. */
    private function isStale(
        DeliveryMemory $memory,
        ?string $webhookId,
        ?int $timestamp,
        ?string $slug,
        int $now,
    ): bool {
        if ($webhookId === null) {
            return false; // without its id a delivery is applied as the spec's service sends it
        }
        if ($memory->applied($webhookId, $now)) {
            return true;
        }
        $stored = $slug === null || $timestamp === null ? null : $memory->timestampOf($slug);
        return $stored !== null && $timestamp < $stored;
    }

    /** Whole seconds, or null for anything else (letters, 5,000 digits): as if absent. */
    private static function timestamp(string $text): ?int
    {
        if (!ctype_digit($text) || \strlen(ltrim($text, '0')) > 16) {
            return null;
        }
        $value = (int) $text;
        return $value <= self::LARGEST_TIMESTAMP ? $value : null;
    }

    /** @param array<string, mixed> $payload */
    private static function language(array $payload): string
    {
        return \is_string($payload['language'] ?? null) && $payload['language'] !== '' ? $payload['language'] : 'en';
    }

    /** @param array<string, mixed> $payload */
    private function receiveEvent(string $event, array $payload, ?string $deliveryId, ?string $webhookId): WebhookResult
    {
        $class = EventSchemas::EVENTS[$event]['class'];
        $model = $class::fromArray($payload);
        $url = '';
        $store = $this->options->store;
        if (\in_array($event, WebhookReceiver::REMOVAL_EVENTS, true)) {
            $url = $this->options->articleUrl((string) $payload['language'], (string) $payload['slug']);
            if ($store !== null && \in_array($event, $this->options->removeOn, true)) {
                try {
                    $store->remove((string) $payload['slug']);
                } catch (\Throwable $error) {
                    return self::storeFailed('remove', (string) $payload['slug'], $error, $event);
                }
            }
        }
        return $this->runHandlers($event, $model, new WebhookContext($event, $deliveryId, $webhookId, $url));
    }

    /** @param array<string, mixed> $payload */
    private function receiveArticle(
        string $event,
        array $payload,
        ?string $deliveryId,
        ?string $webhookId,
    ): WebhookResult {
        $keywords = $payload['keywords'] ?? null;
        $text = static fn (string $field): string => \is_string($payload[$field] ?? null) ? $payload[$field] : '';
        $title = $payload['title'];
        $excerpt = $text('excerpt');
        $fields = [
            'title' => $title,
            'slug' => $payload['slug'],
            'content' => $this->sanitizer->sanitize($payload['content']),
            'excerpt' => $excerpt,
            'meta_title' => $text('meta_title') !== '' ? $text('meta_title') : $title,
            'meta_description' => $text('meta_description') !== '' ? $text('meta_description') : $excerpt,
            'keywords' => $keywords ?? [],
            'canonical_url' => $text('canonical_url'),
            'featured_image' => $text('featured_image'),
            'author' => $text('author') !== '' ? $text('author') : $this->options->authorDefault,
            'language' => $text('language') !== '' ? $text('language') : 'en',
        ];
        $url = $this->options->articleUrl($fields['language'], $fields['slug']);
        if ($this->options->store !== null) {
            $stored = StoredArticle::fromArray($fields + [
                'url' => $url,
                'received_at' => gmdate('Y-m-d\TH:i:s.000\Z', ($this->options->clock)()),
            ]);
            try {
                $this->options->store->upsert($stored);
            } catch (\Throwable $error) {
                return self::storeFailed('store', $fields['slug'], $error, $event);
            }
        }
        return $this->runHandlers(
            $event,
            ArticlePayload::fromArray($fields),
            new WebhookContext($event, $deliveryId, $webhookId, $url),
        );
    }

    private function runHandlers(string $event, RankquillObject $model, WebhookContext $context): WebhookResult
    {
        foreach ($this->handlers[$event] ?? [] as $handler) {
            try {
                $handler($model, $context);
            } catch (\Throwable $error) {
                return WebhookResult::failure(500, sprintf(
                    'The %s handler failed: %s. The service will retry the delivery.',
                    $event,
                    $error->getMessage(),
                ), $event);
            }
        }
        return new WebhookResult(200, ['success' => true, 'url' => $context->url], $event);
    }

    /** A 500, so the service retries a delivery the store could not take. */
    private static function storeFailed(string $action, string $slug, \Throwable $error, string $event): WebhookResult
    {
        return WebhookResult::failure(500, sprintf(
            'Could not %s the article "%s": %s. The service will retry the delivery.',
            $action,
            $slug,
            $error->getMessage(),
        ), $event);
    }
}
