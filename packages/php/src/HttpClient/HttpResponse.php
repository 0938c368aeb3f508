<?php

declare(strict_types=1);

namespace Rankquill\HttpClient;

/**
 * One HTTP answer, whatever its status: what a `ClientInterface` returns. Headers may be given
 * as an array or as their raw block, parsed on first use (most successful calls never read them).
 * The body is empty when it went to a file as it arrived.
 *
 * @example
 * return new HttpResponse(200, ['content-type' => 'application/json'], '{"id":"proj_123"}');
 */
final class HttpResponse
{
    /** @var array<string, string>|null */
    private ?array $parsedHeaders;

    /**
     * @param array<string, string>|string $headers lower-case name => value, or the raw header
     *     block(s) as received (after a `100 Continue`, the last block counts)
     */
    public function __construct(
        public readonly int $status,
        private readonly array|string $headers,
        public readonly string $body,
    ) {
        $this->parsedHeaders = \is_array($headers) ? $headers : null;
    }

    /**
     * @return array<string, string> lower-case names; a repeated header's values joined with ", "
     *
     * @example
     * echo $response->headers()['content-type'] ?? ''; // application/json; charset=utf-8
     */
    public function headers(): array
    {
        return $this->parsedHeaders ??= self::parse((string) $this->headers);
    }

    /**
     * One header by its lower-case name.
     *
     * @example
     * echo $response->header('X-Request-Id'); // req_…
     */
    public function header(string $name): ?string
    {
        return $this->headers()[$name] ?? null;
    }

    /** @return array<string, string> */
    private static function parse(string $raw): array
    {
        $blocks = preg_split("/\r?\n\r?\n/", trim($raw)) ?: [];
        $lines = explode("\n", (string) end($blocks));
        $headers = [];
        foreach ($lines as $line) {
            $colon = strpos($line, ':');
            if ($colon === false) {
                continue;
            }
            $name = strtolower(substr($line, 0, $colon));
            $value = trim(substr($line, $colon + 1));
            $headers[$name] = isset($headers[$name]) ? "{$headers[$name]}, {$value}" : $value;
        }
        return $headers;
    }
}
