<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\HttpClient\HttpResponse;

/**
 * @internal A redirect that leaves the origin of the request it answers. The client follows no
 * redirect at all (the API itself never sends one); this tells the one that would carry the key,
 * a secret or a body to another host from one within the origin, which says `base_url` is not the
 * API's address.
 */
final class CrossOriginRedirect
{
    private const DEFAULT_PORTS = ['http' => 80, 'https' => 443];

    /**
     * `[from origin, to origin]` when the answer is a redirect whose `Location` points at another
     * origin (scheme, host and port) than `$requestUrl`'s, else null.
     *
     * @return array{0: string, 1: string}|null
     */
    public static function of(string $requestUrl, HttpResponse $response): ?array
    {
        $location = $response->status >= 300 && $response->status < 400 ? $response->header('location') : null;
        if ($location === null) {
            return null;
        }
        $from = self::origin($requestUrl);
        $to = self::origin(self::absolute(trim($location), $requestUrl));
        return $from === null || $to === null || $from === $to ? null : [$from, $to];
    }

    /** `scheme://host[:port]` as browsers write it (no default port), or null for a URL without a host. */
    public static function origin(string $url): ?string
    {
        $parts = parse_url($url);
        if (!\is_array($parts) || !isset($parts['scheme'], $parts['host']) || $parts['host'] === '') {
            return null;
        }
        $scheme = strtolower($parts['scheme']);
        $host = strtolower($parts['host']);
        $port = $parts['port'] ?? null;
        $shownPort = $port === null || $port === (self::DEFAULT_PORTS[$scheme] ?? null) ? '' : ":{$port}";
        return "{$scheme}://{$host}{$shownPort}";
    }

    /**
     * `$location` made absolute against `$base`, as far as its origin goes: a location with a
     * scheme stands alone, `//host/…` takes the base's scheme, any other is on the base's origin.
     */
    private static function absolute(string $location, string $base): string
    {
        if (preg_match('#^[a-z][a-z0-9+.-]*:#i', $location) === 1) {
            return $location;
        }
        $scheme = (string) parse_url($base, PHP_URL_SCHEME);
        if (str_starts_with($location, '//')) {
            return "{$scheme}:{$location}";
        }
        return $base;
    }
}
