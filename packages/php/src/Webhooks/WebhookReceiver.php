<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\SignatureVerificationException;
use Rankquill\Internal\Secret;
use Rankquill\Model\ArticlePayload;
use Rankquill\RankquillObject;

/**
 * Drop-in receiver of Rankquill webhooks for any PHP site. A whole `webhook.php`:
 *
 *     require __DIR__ . '/vendor/autoload.php';
 *     $store = new Rankquill\Webhooks\PdoSqliteArticleStore(__DIR__ . '/articles.db');
 *     $options = ['secret' => getenv('RANKQUILL_WEBHOOK_SECRET'), 'store' => $store];
 *     (new Rankquill\Webhooks\WebhookReceiver($options))->handleRequest();
 *
 * Per delivery, in this order: 401 when `x-service-key` is missing or wrong; with a
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
 * - `max_body_bytes` for `handleRequest()` (default 4 MiB); `clock`: a callable answering Unix seconds.
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

    private const ARTICLE_EVENTS = ['content.published', 'content.updated'];
    private const OPTIONS = [
        'secret', 'signing_secret', 'store', 'site_base_url', 'author_default', 'remove_on', 'on',
        'max_body_bytes', 'clock',
    ];
    private const REQUIRED_ARTICLE_FIELDS = ['title', 'slug', 'content'];

    /** Where articles go; null when the receiver stores nothing. */
    public readonly ?ArticleStore $store;
    private readonly Secret $secret;
    private readonly ?Secret $signingKey;
    private readonly string $siteBaseUrl;
    private readonly string $authorDefault;
    /** @var list<string> */
    private readonly array $removeOn;
    private readonly int $maxBodyBytes;
    /** @var \Closure(): int */
    private readonly \Closure $clock;
    private readonly HtmlSanitizer $sanitizer;
    /** @var array<string, list<callable>> */
    private array $handlers = [];

    /**
     * @example
     * $receiver = new WebhookReceiver(['secret' => getenv('RANKQUILL_WEBHOOK_SECRET')]);
     *
     * @param array<string, mixed> $options the options above
     */
    public function __construct(#[\SensitiveParameter] array $options)
    {
        foreach (array_keys($options) as $name) {
            if (!\in_array($name, self::OPTIONS, true)) {
                throw new InvalidArgumentException(sprintf(
                    'Unknown option "%s"; a WebhookReceiver takes %s.',
                    $name,
                    implode(', ', self::OPTIONS),
                ));
            }
        }
        if (!\is_string($options['secret'] ?? null) || $options['secret'] === '') {
            throw new InvalidArgumentException(
                "WebhookReceiver needs 'secret': the secret entered in the project's webhook settings, "
                . "such as getenv('RANKQUILL_WEBHOOK_SECRET').",
            );
        }
        $this->secret = new Secret($options['secret']);
        $signingSecret = $options['signing_secret'] ?? null;
        if ($signingSecret !== null && !\is_string($signingSecret)) {
            throw new InvalidArgumentException("'signing_secret' must be the whsec_… string the service showed.");
        }
        $this->signingKey = $signingSecret === null ? null : new Secret(Webhook::signingKey($signingSecret));
        $store = $options['store'] ?? null;
        if ($store !== null && $store !== false && !$store instanceof ArticleStore) {
            throw new InvalidArgumentException("'store' must be an ArticleStore, or false to store nothing.");
        }
        $this->store = $store === false ? null : ($store ?? new MemoryArticleStore());
        $this->siteBaseUrl = rtrim(self::stringOption($options, 'site_base_url', ''), '/');
        $this->authorDefault = self::stringOption($options, 'author_default', 'Rankquill');
        $removeOn = $options['remove_on'] ?? self::REMOVAL_EVENTS;
        if (!\is_array($removeOn) || array_diff($removeOn, self::REMOVAL_EVENTS) !== []) {
            throw new InvalidArgumentException("'remove_on' must list content.unpublished, content.deleted or both.");
        }
        $this->removeOn = array_values($removeOn);
        $maxBodyBytes = $options['max_body_bytes'] ?? 4 * 1024 * 1024;
        if (!\is_int($maxBodyBytes) || $maxBodyBytes < 1) {
            throw new InvalidArgumentException("'max_body_bytes' must be a positive integer.");
        }
        $this->maxBodyBytes = $maxBodyBytes;
        $clock = $options['clock'] ?? static fn (): int => time();
        if (!\is_callable($clock)) {
            throw new InvalidArgumentException("'clock' must be a callable answering Unix seconds.");
        }
        $this->clock = \Closure::fromCallable($clock);
        $this->sanitizer = new HtmlSanitizer();
        foreach ($options['on'] ?? [] as $event => $handlers) {
            foreach (\is_array($handlers) && !\is_callable($handlers) ? $handlers : [$handlers] as $handler) {
                $this->on((string) $event, $handler);
            }
        }
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
        if (!isset(EventSchemas::EVENTS[$event])) {
            throw new InvalidArgumentException(sprintf(
                'Unknown webhook event "%s": use one of %s.',
                $event,
                implode(', ', array_keys(EventSchemas::EVENTS)),
            ));
        }
        $this->handlers[$event][] = $handler;
        return $this;
    }

    /**
     * Answers one delivery given its headers and raw body, from any framework (Laravel,
     * Symfony, Slim, a WordPress REST route). Never throws: every failure is an answer.
     *
     * @example
     * $result = $receiver->handle($request->headers->all(), $request->getContent());
     * return new JsonResponse($result->body, $result->status);
     *
     * @param array<string, string|list<string>> $headers request headers, names in any case
     * @param string $body the body exactly as received (signatures cover these bytes)
     */
    public function handle(#[\SensitiveParameter] array $headers, string $body): WebhookResult
    {
        try {
            return $this->receive(Webhook::normalizeHeaders($headers), $body);
        } catch (\Throwable $error) {
            return self::fail(500, "The receiver failed: {$error->getMessage()}. The service will retry the delivery.");
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
        $method = strtoupper((string) ($_SERVER['REQUEST_METHOD'] ?? 'POST'));
        if ($method !== 'POST') {
            $result = self::fail(405, "Method {$method} not allowed: deliveries are POST requests.");
            $result->send(['Allow' => 'POST']);
            return $result;
        }
        $headers = self::requestHeaders();
        $result = $this->checkKey($headers);
        if ($result === null && (int) ($_SERVER['CONTENT_LENGTH'] ?? 0) > $this->maxBodyBytes) {
            $result = self::fail(413, "The body is larger than {$this->maxBodyBytes} bytes (max_body_bytes).");
        }
        if ($result === null) {
            $body = (string) file_get_contents('php://input', false, null, 0, $this->maxBodyBytes + 1);
            $result = \strlen($body) > $this->maxBodyBytes
                ? self::fail(413, "The body is larger than {$this->maxBodyBytes} bytes (max_body_bytes).")
                : $this->handle($headers, $body);
        }
        $result->send();
        return $result;
    }

    /**
     * @param array<string, string> $headers
     */
    private function receive(#[\SensitiveParameter] array $headers, string $body): WebhookResult
    {
        $headerEvent = trim($headers['x-service-event'] ?? '');
        $headerEvent = $headerEvent === '' ? null : $headerEvent;
        $refused = $this->checkKey($headers, $headerEvent);
        if ($refused !== null) {
            return $refused;
        }
        if ($this->signingKey !== null) {
            try {
                Webhook::verifyWithKey(
                    $this->signingKey->reveal(),
                    $headers,
                    $body,
                    Webhook::TOLERANCE_SECONDS,
                    ($this->clock)(),
                );
            } catch (SignatureVerificationException $error) {
                return self::fail(401, $error->getMessage(), $headerEvent);
            }
        }
        if (!mb_check_encoding($body, 'UTF-8')) {
            return self::fail(
                400,
                'The body is not valid UTF-8: send the event payload as UTF-8 encoded JSON.',
                $headerEvent,
            );
        }
        $payload = json_decode($body, true);
        if (json_last_error() !== JSON_ERROR_NONE) {
            return self::fail(
                400,
                'The body is not valid JSON: send the event payload as a JSON object.',
                $headerEvent,
            );
        }
        if (!\is_array($payload) || !str_starts_with(ltrim($body), '{')) {
            return self::fail(
                400,
                sprintf('The body must be a JSON object, got %s.', self::jsonKind($payload)),
                $headerEvent,
            );
        }
        $bodyEvent = \is_string($payload['event'] ?? null) ? $payload['event'] : null;
        if ($headerEvent !== null && $bodyEvent !== null && $headerEvent !== $bodyEvent) {
            return self::fail(400, sprintf(
                'The x-service-event header says "%s" but the body\'s event field says "%s": send one event name.',
                $headerEvent,
                $bodyEvent,
            ), $headerEvent);
        }
        // A sender that follows only the spec posts the bare article: that is content.published.
        $event = $headerEvent ?? $bodyEvent ?? 'content.published';
        if (!isset(EventSchemas::EVENTS[$event])) {
            return new WebhookResult(202, ['success' => true, 'url' => ''], $event);
        }
        $deliveryId = $headers['x-service-delivery'] ?? null;
        $webhookId = $headers['webhook-id'] ?? null;
        if (\in_array($event, self::ARTICLE_EVENTS, true)) {
            return $this->receiveArticle($event, $payload, $deliveryId, $webhookId);
        }
        $problems = self::problemsOf($payload, EventSchemas::EVENTS[$event]['fields'], ['event']);
        if ($problems !== null) {
            return self::fail(400, "{$problems} A {$event} body needs " . self::requiredFields($event) . '.', $event);
        }
        $class = EventSchemas::EVENTS[$event]['class'];
        $model = $class::fromArray($payload);
        $url = '';
        if (\in_array($event, self::REMOVAL_EVENTS, true)) {
            $url = $this->articleUrl((string) $payload['language'], (string) $payload['slug']);
            if ($this->store !== null && \in_array($event, $this->removeOn, true)) {
                try {
                    $this->store->remove((string) $payload['slug']);
                } catch (\Throwable $error) {
                    return self::storeFailed('remove', (string) $payload['slug'], $error, $event);
                }
            }
        }
        return $this->dispatch($event, $model, new WebhookContext($event, $deliveryId, $webhookId, $url));
    }

    /**
     * @param array<string, mixed> $payload
     */
    private function receiveArticle(
        string $event,
        array $payload,
        ?string $deliveryId,
        ?string $webhookId,
    ): WebhookResult {
        // Only title, slug and content are required (and may not be blank); the rest get defaults.
        $fields = EventSchemas::EVENTS[$event]['fields'];
        foreach ($fields as $name => $field) {
            $fields[$name][1] = \in_array($name, self::REQUIRED_ARTICLE_FIELDS, true);
        }
        $problems = self::problemsOf($payload, $fields, [], self::REQUIRED_ARTICLE_FIELDS);
        if ($problems !== null) {
            $needs = implode(', ', self::REQUIRED_ARTICLE_FIELDS);
            return self::fail(400, "{$problems} A {$event} body needs {$needs}.", $event);
        }
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
            'author' => $text('author') !== '' ? $text('author') : $this->authorDefault,
            'language' => $text('language') !== '' ? $text('language') : 'en',
        ];
        $url = $this->articleUrl($fields['language'], $fields['slug']);
        if ($this->store !== null) {
            $stored = StoredArticle::fromArray($fields + [
                'url' => $url,
                'received_at' => gmdate('Y-m-d\TH:i:s.000\Z', ($this->clock)()),
            ]);
            try {
                $this->store->upsert($stored);
            } catch (\Throwable $error) {
                return self::storeFailed('store', $fields['slug'], $error, $event);
            }
        }
        return $this->dispatch(
            $event,
            ArticlePayload::fromArray($fields),
            new WebhookContext($event, $deliveryId, $webhookId, $url),
        );
    }

    private function dispatch(string $event, RankquillObject $model, WebhookContext $context): WebhookResult
    {
        foreach ($this->handlers[$event] ?? [] as $handler) {
            try {
                $handler($model, $context);
            } catch (\Throwable $error) {
                return self::fail(500, sprintf(
                    'The %s handler failed: %s. The service will retry the delivery.',
                    $event,
                    $error->getMessage(),
                ), $event);
            }
        }
        return new WebhookResult(200, ['success' => true, 'url' => $context->url], $event);
    }

    /**
     * @param array<string, string> $headers
     */
    private function checkKey(#[\SensitiveParameter] array $headers, ?string $event = null): ?WebhookResult
    {
        $key = $headers['x-service-key'] ?? '';
        if ($key === '') {
            return self::fail(
                401,
                "Missing x-service-key header: send the webhook secret configured in the project's integration "
                . "settings.",
                $event,
            );
        }
        if (!Webhook::verifySecret($key, $this->secret->reveal())) {
            return self::fail(401, 'Invalid x-service-key: it does not match the secret this receiver was '
                . 'configured with.', $event);
        }
        return null;
    }

    /**
     * Sentences naming every missing field and every field of the wrong kind; null when none.
     *
     * @param array<string, mixed> $payload
     * @param array<string, array{0: string, 1: bool, 2: bool}> $fields kind, required, nullable
     * @param list<string> $implied fields the delivery already gave elsewhere (the event name)
     * @param list<string> $nonBlank string fields where only blanks count as absent
     */
    private static function problemsOf(array $payload, array $fields, array $implied, array $nonBlank = []): ?string
    {
        $missing = [];
        $invalid = [];
        foreach ($fields as $name => [$kind, $required, $nullable]) {
            $value = $payload[$name] ?? null;
            if (\is_string($value) && trim($value) === '' && \in_array($name, $nonBlank, true)) {
                $value = null;
            }
            if ($value === null) {
                if ($required && !$nullable && !\in_array($name, $implied, true)) {
                    $missing[] = $name;
                }
                continue;
            }
            $problem = self::kindProblem($kind, $value);
            if ($problem !== null) {
                $invalid[] = "Invalid field {$name}: {$problem}.";
            }
        }
        if ($missing === [] && $invalid === []) {
            return null;
        }
        $sentences = $missing === [] ? [] : [sprintf(
            'Missing required field%s: %s.',
            \count($missing) > 1 ? 's' : '',
            implode(', ', $missing),
        )];
        return implode(' ', [...$sentences, ...$invalid]);
    }

    private static function kindProblem(string $kind, mixed $value): ?string
    {
        return match ($kind) {
            'string' => \is_string($value) ? null : 'must be a string',
            'integer' => \is_int($value) ? null : 'must be an integer',
            'number' => \is_int($value) || \is_float($value) ? null : 'must be a number',
            'boolean' => \is_bool($value) ? null : 'must be true or false',
            'string[]' => \is_array($value) && array_is_list($value) && array_filter($value, 'is_string') === $value
                ? null
                : 'must be an array of strings',
            'array' => \is_array($value) && array_is_list($value) ? null : 'must be an array',
            'object' => \is_array($value) ? null : 'must be an object',
            default => null,
        };
    }

    private static function requiredFields(string $event): string
    {
        $names = [];
        foreach (EventSchemas::EVENTS[$event]['fields'] as $name => [, $required]) {
            if ($required && $name !== 'event') {
                $names[] = $name;
            }
        }
        return implode(', ', $names);
    }

    private function articleUrl(string $language, string $slug): string
    {
        return "{$this->siteBaseUrl}/" . rawurlencode($language) . '/resources/blog/' . rawurlencode($slug);
    }

    private static function fail(int $status, string $error, ?string $event = null): WebhookResult
    {
        return new WebhookResult($status, ['error' => $error], $event);
    }

    /** A 500, so the service retries a delivery the store could not take. */
    private static function storeFailed(string $action, string $slug, \Throwable $error, string $event): WebhookResult
    {
        return self::fail(500, sprintf(
            'Could not %s the article "%s": %s. The service will retry the delivery.',
            $action,
            $slug,
            $error->getMessage(),
        ), $event);
    }

    private static function jsonKind(mixed $value): string
    {
        return match (true) {
            $value === null => 'null',
            \is_array($value) => 'an array',
            \is_string($value) => 'a string',
            \is_bool($value) => 'a boolean',
            default => 'a number',
        };
    }

    /**
     * @param array<string, mixed> $options
     */
    private static function stringOption(array $options, string $name, string $default): string
    {
        $value = $options[$name] ?? $default;
        if (!\is_string($value)) {
            throw new InvalidArgumentException("'{$name}' must be a string.");
        }
        return $value;
    }

    /**
     * The current request's headers, lower-case names, from getallheaders() or $_SERVER.
     *
     * @return array<string, string>
     */
    private static function requestHeaders(): array
    {
        if (\function_exists('getallheaders')) {
            $headers = getallheaders();
            if (\is_array($headers) && $headers !== []) {
                return Webhook::normalizeHeaders($headers);
            }
        }
        $headers = [];
        foreach ($_SERVER as $name => $value) {
            if (\is_string($value) && str_starts_with((string) $name, 'HTTP_')) {
                $headers[strtolower(str_replace('_', '-', substr((string) $name, 5)))] = $value;
            }
        }
        return $headers;
    }

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return ['store' => $this->store, 'siteBaseUrl' => $this->siteBaseUrl, 'events' => array_keys($this->handlers)];
    }
}
