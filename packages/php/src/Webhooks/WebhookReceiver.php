<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

use Rankquill\Exception\SignatureVerificationException;

/**
 * Drop-in receiver of Rankquill webhooks for any PHP site. A whole `webhook.php`:
 *
 *     require __DIR__ . '/vendor/autoload.php';
 *     $store = new Rankquill\Webhooks\PdoSqliteArticleStore(__DIR__ . '/articles.db');
 *     $options = ['secret' => getenv('RANKQUILL_WEBHOOK_SECRET'), 'store' => $store];
 *     (new Rankquill\Webhooks\WebhookReceiver($options))->handleRequest();
 *
 * Per delivery, in this order: 405 (with `Allow: POST`) for a method other than POST; 401 when
 * `x-service-key` is missing or wrong; 413 when the body is over `max_body_bytes` (refused from
 * its Content-Length before reading, else read no further than the limit); with a
 * `signing_secret`, 401 when the Standard Webhooks headers are missing, older or newer than 5
 * minutes, or wrong; 400 when the body is not a JSON object, names two different events, or
 * lacks a required field (each named); for `content.published` and `content.updated` the
 * article, with defaults and sanitized content, is upserted by slug (500 when the store fails),
 * `content.unpublished` and `content.deleted` remove it; then the handlers run (500 when one
 * throws, so the service retries). Success is `200 {"success": true, "url":
 * "/<language>/resources/blog/<slug>"}` (`""` for events without a page); an event this
 * version does not know answers 202, so a newer service does not retry it.
 *
 * Options:
 * - `secret` (required): the secret entered in the project's webhook settings.
 * - `signing_secret`: the `whsec_…` secret the service showed when the webhook was set; with
 *   it, every delivery must be signed with it.
 * - `store`: an `ArticleStore` (default a `MemoryArticleStore`), or false to store nothing.
 * - `site_base_url`: prefix of the answered URL, such as `https://www.example.com`.
 * - `author_default` (default `Rankquill`), `remove_on` (default both removal events).
 * - `on`: handlers by event name, each `fn (RankquillObject $event, WebhookContext $context)`.
 * - `max_body_bytes` (default 4 MiB, 4194304) for every entry point; `clock`: a callable answering Unix seconds.
 *
 * The parts: `ReceiverOptions` (configuration), `IncomingDelivery` (HTTP glue: header bags in
 * any form, the body up to the limit), `DeliveryValidation`, `DeliveryDispatcher` (store, handlers).
 *
 * @example
 * $receiver = new WebhookReceiver([
 *     'secret' => getenv('RANKQUILL_WEBHOOK_SECRET'),
 *     'store' => new PdoSqliteArticleStore(__DIR__ . '/articles.db'),
 *     'on' => ['keyword.ranking_changed' => fn ($event) => error_log("{$event->keyword}: {$event->position}")],
 * ]);
 * $receiver->handleRequest();
 */
final class WebhookReceiver
{
    /** Events that take an article off the site. */
    public const REMOVAL_EVENTS = ['content.unpublished', 'content.deleted'];

    /** Where articles go; null when the receiver stores nothing. */
    public readonly ?ArticleStore $store;
    private readonly ReceiverOptions $options;
    private readonly DeliveryDispatcher $dispatcher;

    /**
     * @example
     * $receiver = new WebhookReceiver(['secret' => getenv('RANKQUILL_WEBHOOK_SECRET')]);
     *
     * @param array<string, mixed> $options the options above
     */
    public function __construct(#[\SensitiveParameter] array $options)
    {
        $this->options = new ReceiverOptions($options);
        $this->store = $this->options->store;
        $this->dispatcher = new DeliveryDispatcher($this->options);
    }

    /**
     * Adds a handler of one event. It runs after the receiver validated the delivery (and stored
     * or removed the article) and gets the event's model: an `ArticlePayload` with defaults for
     * `content.published` and `content.updated`, else `ContentDeletedEvent`,
     * `KeywordRankingChangedEvent`… A handler that throws makes the answer a 500.
     *
     * @example
     * $receiver->on('ai_visibility.mention_detected', function (AiVisibilityMentionDetectedEvent $event): void {
     *     notify_team("{$event->platform} mentioned {$event->brand}");
     * });
     */
    public function on(string $event, callable $handler): static
    {
        $this->dispatcher->on($event, $handler);
        return $this;
    }

    /**
     * Answers one delivery from any framework. Takes the headers in any form (an array with names
     * in any case or `HTTP_`-prefixed server names, values or lists of values; a Symfony
     * HeaderBag), or the framework's request itself: a PSR-7 request (Slim), a Symfony or Laravel
     * `Request`; then the body and method come from it. Never throws: every failure is an answer,
     * with its headers in `$result->headers` (`Allow: POST` on a 405).
     *
     * @example
     * $result = $receiver->handle($request); // a PSR-7, Symfony or Laravel request
     * $result = $receiver->handle($request->headers->all(), $request->getContent(), $request->getMethod());
     * return new JsonResponse($result->body, $result->status, $result->headers);
     *
     * @param mixed $headers a header bag, or the framework's request object
     * @param mixed $body the raw body as received (signatures cover these bytes): a string, a
     *     stream resource or a PSR-7 stream, read no further than `max_body_bytes`; null takes
     *     the request object's body
     * @param string|null $method the request's method; null takes the request object's, else POST
     */
    public function handle(
        #[\SensitiveParameter] mixed $headers,
        mixed $body = null,
        ?string $method = null,
    ): WebhookResult {
        try {
            return $this->receive(IncomingDelivery::from($headers, $body, $method));
        } catch (\Throwable $error) {
            return WebhookResult::failure(
                500,
                "The receiver failed: {$error->getMessage()}. The service will retry the delivery.",
            );
        }
    }

    /**
     * Answers the current PHP request (`php://input` and its headers) and sends the answer: the
     * one line a `webhook.php` needs. The key is checked before the body is read.
     *
     * @example
     * (new WebhookReceiver(['secret' => getenv('RANKQUILL_WEBHOOK_SECRET')]))->handleRequest();
     */
    public function handleRequest(): WebhookResult
    {
        try {
            $result = $this->receive(IncomingDelivery::fromGlobals());
        } catch (\Throwable $error) {
            $result = WebhookResult::failure(
                500,
                "The receiver failed: {$error->getMessage()}. The service will retry the delivery.",
            );
        }
        $result->send();
        return $result;
    }

    private function receive(IncomingDelivery $delivery): WebhookResult
    {
        if ($delivery->method !== 'POST') {
            return WebhookResult::failure(
                405,
                "Method {$delivery->method} not allowed: deliveries are POST requests.",
                null,
                ['Allow' => 'POST'],
            );
        }
        $headers = $delivery->headers;
        $headerEvent = trim($headers['x-service-event'] ?? '');
        $headerEvent = $headerEvent === '' ? null : $headerEvent;
        $refused = $this->checkKey($headers, $headerEvent);
        if ($refused !== null) {
            return $refused;
        }
        $limit = $this->options->maxBodyBytes;
        $body = ($delivery->declaredLength() ?? 0) > $limit ? null : $delivery->readBody($limit);
        if ($body === null) {
            $error = "The body is larger than {$limit} bytes (max_body_bytes).";
            return WebhookResult::failure(413, $error, $headerEvent);
        }
        if ($this->options->signingKey !== null) {
            try {
                Webhook::verifyWithKey(
                    $this->options->signingKey->reveal(),
                    $headers,
                    $body,
                    Webhook::TOLERANCE_SECONDS,
                    ($this->options->clock)(),
                );
            } catch (SignatureVerificationException $error) {
                return WebhookResult::failure(401, $error->getMessage(), $headerEvent);
            }
        }
        $payload = DeliveryValidation::payload($body);
        if (\is_string($payload)) {
            return WebhookResult::failure(400, $payload, $headerEvent);
        }
        $event = DeliveryValidation::event($headerEvent, $payload);
        if (\is_string($event)) {
            return WebhookResult::failure(400, $event, $headerEvent);
        }
        [$event] = $event;
        if (!isset(EventSchemas::EVENTS[$event])) {
            return new WebhookResult(202, ['success' => true, 'url' => ''], $event);
        }
        return $this->dispatcher->dispatch($event, $payload, $headers);
    }

    /**
     * @param array<string, string> $headers
     */
    private function checkKey(#[\SensitiveParameter] array $headers, ?string $event): ?WebhookResult
    {
        $key = $headers['x-service-key'] ?? '';
        if ($key === '') {
            return WebhookResult::failure(
                401,
                "Missing x-service-key header: send the webhook secret configured in the project's integration "
                . "settings.",
                $event,
            );
        }
        if (!Webhook::verifySecret($key, $this->options->secret->reveal())) {
            return WebhookResult::failure(401, 'Invalid x-service-key: it does not match the secret this receiver was '
                . 'configured with.', $event);
        }
        return null;
    }

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return [
            'store' => $this->store,
            'siteBaseUrl' => $this->options->siteBaseUrl,
            'events' => $this->dispatcher->events(),
        ];
    }
}
