<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\InvalidArgumentException;

/**
 * @internal Checks the per-call `$options` array of every method.
 */
final class RequestOptions
{
    /** What every call takes: each overrides the client's setting for that call only. */
    public const KEYS = ['timeout', 'max_retries', 'headers', 'idempotency_key'];

    /**
     * @param array<string, mixed> $options
     * @param list<string> $extraKeys options of this method on top of the common ones
     * @return array<string, mixed>
     */
    public static function check(array $options, array $extraKeys = []): array
    {
        foreach ($options as $name => $value) {
            if (!\in_array($name, self::KEYS, true) && !\in_array($name, $extraKeys, true)) {
                throw new InvalidArgumentException(sprintf(
                    'Unknown option "%s"; a call takes %s.',
                    $name,
                    implode(', ', array_merge(self::KEYS, $extraKeys)),
                ));
            }
        }
        if (isset($options['timeout'])) {
            self::positiveSeconds('timeout', $options['timeout']);
        }
        if (isset($options['max_retries'])) {
            self::retries($options['max_retries']);
        }
        if (isset($options['headers']) && !\is_array($options['headers'])) {
            throw new InvalidArgumentException('Option "headers" must be an array of name => value (null removes a '
                . 'header).');
        }
        $key = $options['idempotency_key'] ?? null;
        if ($key !== null && (!\is_string($key) || $key === '')) {
            throw new InvalidArgumentException('Option "idempotency_key" must be a non-empty string.');
        }
        return $options;
    }

    public static function positiveSeconds(string $name, mixed $value): float
    {
        if ((!\is_int($value) && !\is_float($value)) || !($value > 0) || is_nan((float) $value)) {
            throw new InvalidArgumentException(sprintf(
                '"%s" must be a number of seconds above 0, such as 30; got %s.',
                $name,
                var_export($value, true),
            ));
        }
        return (float) $value;
    }

    public static function retries(mixed $value): int
    {
        if (!\is_int($value) || $value < 0) {
            throw new InvalidArgumentException(sprintf(
                '"max_retries" must be an integer of 0 or more (0 turns retries off); got %s.',
                var_export($value, true),
            ));
        }
        return $value;
    }
}
