<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\HttpClient\ClientInterface;
use Rankquill\HttpClient\CurlClient;
use Rankquill\HttpClient\Psr18Client;

/**
 * @internal Checks the options of `RankquillClient` and `PublicArticles`, with messages that
 * name the option and what to pass.
 */
final class ClientConfig
{
    /**
     * @param array<string, mixed>|string|null $config
     * @param list<string> $known
     * @return array<string, mixed>
     */
    public static function normalize(#[\SensitiveParameter] array|string|null $config, array $known): array
    {
        if ($config === null) {
            return [];
        }
        if (\is_string($config)) {
            return ['api_key' => $config];
        }
        foreach (array_keys($config) as $name) {
            if (!\in_array($name, $known, true)) {
                throw new InvalidArgumentException(sprintf(
                    'Unknown option "%s"; the options are %s.',
                    $name,
                    implode(', ', $known),
                ));
            }
        }
        return $config;
    }

    public static function baseUrl(mixed $value, string $whenMissing): string
    {
        if (!\is_string($value) || $value === '') {
            throw new InvalidArgumentException($whenMissing);
        }
        $parts = parse_url($value);
        $scheme = \is_array($parts) ? strtolower($parts['scheme'] ?? '') : '';
        if (!\is_array($parts) || !isset($parts['host']) || ($scheme !== 'http' && $scheme !== 'https')) {
            throw new InvalidArgumentException(sprintf(
                'base_url %s is not an absolute http(s) URL; use one such as http://127.0.0.1:4010%s.',
                json_encode($value, JSON_UNESCAPED_SLASHES),
                ClientPolicy::BASE_PATHS_API,
            ));
        }
        if (isset($parts['query']) || isset($parts['fragment']) || isset($parts['user'])) {
            throw new InvalidArgumentException(sprintf(
                'base_url %s must not carry a query, a fragment or credentials; keys go in api_key.',
                json_encode(preg_replace('#//[^/@]*@#', '//…@', $value), JSON_UNESCAPED_SLASHES),
            ));
        }
        return rtrim($value, '/');
    }

    public static function timeout(mixed $value): float
    {
        return RequestOptions::positiveSeconds('timeout', $value);
    }

    public static function maxRetries(mixed $value): int
    {
        return RequestOptions::retries($value);
    }

    /**
     * @return array<string, string|null>
     */
    public static function headers(mixed $value): array
    {
        if (!\is_array($value)) {
            throw new InvalidArgumentException('"default_headers" must be an array of name => value (null removes a '
                . 'header).');
        }
        foreach ($value as $name => $header) {
            if (!\is_string($name) || ($header !== null && !\is_string($header))) {
                throw new InvalidArgumentException(
                    '"default_headers" must map header names to string values (or null to remove a header).',
                );
            }
        }
        return $value;
    }

    public static function logger(mixed $value): ?object
    {
        if ($value === null) {
            return null;
        }
        if (!\is_object($value) || !method_exists($value, 'info') || !method_exists($value, 'warning')) {
            throw new InvalidArgumentException(
                '"logger" must be a PSR-3 logger, or any object with info() and warning() methods.',
            );
        }
        return $value;
    }

    /**
     * The `http_client` option: ours as is, a PSR-18 client (any object with `sendRequest()`)
     * adapted, curl when absent.
     */
    public static function httpClient(mixed $value): ClientInterface
    {
        if ($value === null) {
            return new CurlClient();
        }
        if ($value instanceof ClientInterface) {
            return $value;
        }
        if (\is_object($value) && method_exists($value, 'sendRequest')) {
            return new Psr18Client($value);
        }
        throw new InvalidArgumentException(sprintf(
            '"http_client" must implement %s or be a PSR-18 client (an object with sendRequest()); got %s.',
            ClientInterface::class,
            get_debug_type($value),
        ));
    }
}
