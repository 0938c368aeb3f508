<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\HttpClient\HttpResponse;

/**
 * @internal An answer that shows `base_url` is not the API's address: a redirect (the reference
 * server's root sends the dashboard's sign-in page), an HTML page, or a 404 from an address whose
 * path is not the API's. A 404 under the API's path is a resource that does not exist, and an HTML
 * answer there an export or a proxy's error page: neither is a wrong address.
 */
final class WrongAddress
{
    /** Where each API lives on its server, by the name the transport is given. */
    private const API_PATHS = [
        'the Rankquill API' => ClientPolicy::BASE_PATHS_API,
        'the public article API' => ClientPolicy::BASE_PATHS_PUBLIC_ARTICLE_API,
    ];

    /** The message naming the address given and the right one, or null when the answer is not one of those. */
    public static function message(HttpResponse $response, string $baseUrl, string $apiName): ?string
    {
        $apiPath = self::API_PATHS[$apiName] ?? ClientPolicy::BASE_PATHS_API;
        $status = $response->status;
        $offPath = !str_ends_with(rtrim((string) parse_url($baseUrl, PHP_URL_PATH), '/'), $apiPath);
        $redirect = $status >= 300 && $status < 400;
        $html = str_starts_with(strtolower($response->header('content-type') ?? ''), 'text/html');
        if (!$redirect && !($offPath && ($html || $status === 404))) {
            return null;
        }
        $location = $response->header('location');
        $answered = match (true) {
            $redirect && $location !== null => "a redirect to {$location}",
            $redirect => 'a redirect',
            $html => 'an HTML page',
            default => '404 Not Found',
        };
        $fix = $offPath
            ? 'set base_url to ' . self::origin($baseUrl) . $apiPath
            : "check the host and port (on the reference server: its ready line's address, ending in {$apiPath})";
        return "base_url {$baseUrl} answered {$status} ({$answered}): it is not the address of {$apiName}, "
            . "which lives under {$apiPath}; {$fix}.";
    }

    private static function origin(string $url): string
    {
        $parts = parse_url($url);
        $port = isset($parts['port']) ? ':' . $parts['port'] : '';
        return ($parts['scheme'] ?? 'http') . '://' . ($parts['host'] ?? '') . $port;
    }
}
