<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\HtmlSanitizer;

/**
 * sanitize-pathological.json (issue 29): inputs as long as the API lets content be, each built to
 * make a sanitizer do more than linear work if it can (a link whose href is `<!--` repeated took
 * minutes elsewhere), must each be sanitized in under a second of CPU time.
 */
final class SanitizePathologicalTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>}> */
    public function patterns(): array
    {
        return Vectors::rows(Vectors::load('sanitize-pathological')['patterns']);
    }

    public function testTheRecipesFillTheContentLimit(): void
    {
        $recipes = Vectors::load('sanitize-pathological');
        $this->assertSame(500_000, $recipes['max_characters']);
        $this->assertGreaterThanOrEqual(60, \count($recipes['patterns']));
        foreach ($recipes['patterns'] as $pattern) {
            $units = self::utf16Units(self::expand($pattern['parts'], $recipes['max_characters']));
            $this->assertGreaterThan(495_000, $units, $pattern['name']);
            $this->assertLessThanOrEqual(500_000, $units, $pattern['name']);
        }
    }

    /**
     * @dataProvider patterns
     * @param array<string, mixed> $pattern
     */
    public function testEachInputAtTheContentLimitTakesUnderASecond(array $pattern): void
    {
        $recipes = Vectors::load('sanitize-pathological');
        $html = self::expand($pattern['parts'], $recipes['max_characters']);
        $sanitizer = new HtmlSanitizer();
        $started = self::cpuSeconds();
        $sanitizer->sanitize($html);
        $seconds = self::cpuSeconds() - $started;
        $this->assertLessThan($recipes['max_seconds'], $seconds, 'CPU seconds for ' . \strlen($html) . ' bytes');
    }

    /**
     * A recipe made into its input: the `text` parts as they are, each `repeat` part repeated as
     * often as fits in an equal share of the characters (UTF-16 code units) they leave.
     *
     * @param list<array{text?: string, repeat?: string}> $parts
     */
    private static function expand(array $parts, int $maxCharacters): string
    {
        $fixed = 0;
        $repeats = 0;
        foreach ($parts as $part) {
            isset($part['text']) ? $fixed += self::utf16Units($part['text']) : $repeats++;
        }
        $share = intdiv($maxCharacters - $fixed, $repeats);
        $html = '';
        foreach ($parts as $part) {
            $unit = (string) ($part['repeat'] ?? '');
            $html .= $part['text'] ?? str_repeat($unit, intdiv($share, self::utf16Units($unit)));
        }
        return $html;
    }

    private static function utf16Units(string $text): int
    {
        return intdiv(\strlen(mb_convert_encoding($text, 'UTF-16LE', 'UTF-8')), 2);
    }

    /** CPU time of this process: what the code costs, however loaded the machine is. */
    private static function cpuSeconds(): float
    {
        $usage = getrusage();
        return $usage['ru_utime.tv_sec'] + $usage['ru_utime.tv_usec'] / 1e6
            + $usage['ru_stime.tv_sec'] + $usage['ru_stime.tv_usec'] / 1e6;
    }
}
