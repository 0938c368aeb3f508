<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Validation of a delivery's body (after its key and signature were checked): UTF-8, a JSON
 * object, one event name, and the fields each event needs, every problem named.
 *
 * @internal `WebhookReceiver` answers 400 with these messages.
 */
final class DeliveryValidation
{
    /** Fields an article delivery cannot do without (and may not leave blank); the rest get defaults. */
    public const REQUIRED_ARTICLE_FIELDS = ['title', 'slug', 'content'];

    /**
     * The body as a JSON object, or the sentence saying why it is not one.
     *
     * @return array<string, mixed>|string
     */
    public static function payload(string $body): array|string
    {
        if (!mb_check_encoding($body, 'UTF-8')) {
            return 'The body is not valid UTF-8: send the event payload as UTF-8 encoded JSON.';
        }
        $payload = json_decode($body, true);
        if (json_last_error() !== JSON_ERROR_NONE) {
            return 'The body is not valid JSON: send the event payload as a JSON object.';
        }
        if (!\is_array($payload) || !str_starts_with(ltrim($body), '{')) {
            return sprintf('The body must be a JSON object, got %s.', self::jsonKind($payload));
        }
        return $payload;
    }

    /**
     * The event a delivery names (header or body; a bare article is `content.published`), or the
     * sentence saying the two disagree.
     *
     * @param array<string, mixed> $payload
     * @return array{string}|string
     */
    public static function event(?string $headerEvent, array $payload): array|string
    {
        $bodyEvent = \is_string($payload['event'] ?? null) ? $payload['event'] : null;
        if ($headerEvent !== null && $bodyEvent !== null && $headerEvent !== $bodyEvent) {
            return sprintf(
                'The x-service-event header says "%s" but the body\'s event field says "%s": send one event name.',
                $headerEvent,
                $bodyEvent,
            );
        }
        // A sender that follows only the spec posts the bare article: that is content.published.
        return [$headerEvent ?? $bodyEvent ?? 'content.published'];
    }

    /**
     * What is wrong with an article delivery (`content.published`, `content.updated`), or null.
     *
     * @param array<string, mixed> $payload
     */
    public static function articleProblems(string $event, array $payload): ?string
    {
        $fields = EventSchemas::EVENTS[$event]['fields'];
        foreach ($fields as $name => $field) {
            $fields[$name][1] = \in_array($name, self::REQUIRED_ARTICLE_FIELDS, true);
        }
        $problems = self::problemsOf($payload, $fields, [], self::REQUIRED_ARTICLE_FIELDS);
        return $problems === null
            ? null
            : "{$problems} A {$event} body needs " . implode(', ', self::REQUIRED_ARTICLE_FIELDS) . '.';
    }

    /**
     * What is wrong with the delivery of any other known event, or null.
     *
     * @param array<string, mixed> $payload
     */
    public static function eventProblems(string $event, array $payload): ?string
    {
        $problems = self::problemsOf($payload, EventSchemas::EVENTS[$event]['fields'], ['event']);
        return $problems === null ? null : "{$problems} A {$event} body needs " . self::requiredFields($event) . '.';
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
}
