<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * What a handler learns about a delivery besides the event body.
 *
 * @example
 * $receiver->on('content.deleted', function (ContentDeletedEvent $event, WebhookContext $context): void {
 *     purge_cdn($context->url, $context->deliveryId);
 * });
 */
final class WebhookContext
{
    /**
     * @internal The receiver builds these; there is no need to construct one.
     */
    public function __construct(
        /** The event name, such as `content.published`. */
        public readonly string $event,
        /** `x-service-delivery`: the same on every retry of one delivery, so side effects can be made idempotent. */
        public readonly ?string $deliveryId,
        /** `webhook-id` of the delivery, when sent. */
        public readonly ?string $webhookId,
        /** The URL the receiver answers: the article's page, or `''` for events without one. */
        public readonly string $url,
    ) {
    }
}
