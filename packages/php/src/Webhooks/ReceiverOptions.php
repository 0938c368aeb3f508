<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Internal\Secret;

/**
 * The checked options of a `WebhookReceiver` (configuration): every option name and value is
 * validated once, with an error naming the option and the fix.
 *
 * @internal Pass the options to `new WebhookReceiver([...])`.
 */
final class ReceiverOptions
{
    /** The largest body a receiver reads by default: 4 MiB, the same in every language. */
    public const DEFAULT_MAX_BODY_BYTES = 4_194_304;

    private const NAMES = [
        'secret', 'signing_secret', 'store', 'site_base_url', 'author_default', 'remove_on', 'on',
        'max_body_bytes', 'clock',
    ];

    public readonly Secret $secret;
    public readonly ?Secret $signingKey;
    public readonly ?ArticleStore $store;
    public readonly string $siteBaseUrl;
    public readonly string $authorDefault;
    /** @var list<string> */
    public readonly array $removeOn;
    public readonly int $maxBodyBytes;
    /** @var \Closure(): int */
    public readonly \Closure $clock;
    /** @var list<array{string, callable}> event and handler, in the order given */
    public readonly array $handlers;

    /** @param array<string, mixed> $options */
    public function __construct(#[\SensitiveParameter] array $options)
    {
        foreach (array_keys($options) as $name) {
            if (!\in_array($name, self::NAMES, true)) {
                throw new InvalidArgumentException(sprintf(
                    'Unknown option "%s"; a WebhookReceiver takes %s.',
                    $name,
                    implode(', ', self::NAMES),
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
        $removeOn = $options['remove_on'] ?? WebhookReceiver::REMOVAL_EVENTS;
        if (!\is_array($removeOn) || array_diff($removeOn, WebhookReceiver::REMOVAL_EVENTS) !== []) {
            throw new InvalidArgumentException("'remove_on' must list content.unpublished, content.deleted or both.");
        }
        $this->removeOn = array_values($removeOn);
        $maxBodyBytes = $options['max_body_bytes'] ?? self::DEFAULT_MAX_BODY_BYTES;
        if (!\is_int($maxBodyBytes) || $maxBodyBytes < 1) {
            throw new InvalidArgumentException("'max_body_bytes' must be a positive integer, such as 4194304.");
        }
        $this->maxBodyBytes = $maxBodyBytes;
        $clock = $options['clock'] ?? static fn (): int => time();
        if (!\is_callable($clock)) {
            throw new InvalidArgumentException("'clock' must be a callable answering Unix seconds.");
        }
        $this->clock = \Closure::fromCallable($clock);
        $handlers = [];
        foreach ($options['on'] ?? [] as $event => $eventHandlers) {
            $list = \is_array($eventHandlers) && !\is_callable($eventHandlers) ? $eventHandlers : [$eventHandlers];
            foreach ($list as $handler) {
                $handlers[] = [(string) $event, $handler];
            }
        }
        $this->handlers = $handlers;
    }

    /** The URL of an article's page: `<site_base_url>/<language>/resources/blog/<slug>`. */
    public function articleUrl(string $language, string $slug): string
    {
        return "{$this->siteBaseUrl}/" . rawurlencode($language) . '/resources/blog/' . rawurlencode($slug);
    }

    /** @param array<string, mixed> $options */
    private static function stringOption(array $options, string $name, string $default): string
    {
        $value = $options[$name] ?? $default;
        if (!\is_string($value)) {
            throw new InvalidArgumentException("'{$name}' must be a string.");
        }
        return $value;
    }
}
