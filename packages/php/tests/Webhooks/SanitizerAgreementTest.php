<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\HtmlSanitizer;

/**
 * This sanitizer and the TypeScript one (the built @rankquill/webhooks package, run by Node
 * through packages/webhooks/scripts/sanitize-json.mjs) must give the same bytes: on the seeded
 * random hostile HTML every language's suite runs (random-html.mjs), and on every named character
 * reference of HTML (html-entities.json), in text and in attribute values, with and without `;`.
 */
final class SanitizerAgreementTest extends TestCase
{
    public function testAgreesWithTheTypeScriptSanitizerOnSeededRandomHostileHtml(): void
    {
        /** @var list<array{0: string, 1: string}> $pairs */
        $pairs = json_decode(self::runTypeScript(['--random'], ''), true, flags: JSON_THROW_ON_ERROR);
        $this->assertGreaterThanOrEqual(10_000, \count($pairs));
        $sanitizer = new HtmlSanitizer();
        $differing = [];
        foreach ($pairs as [$html, $expected]) {
            $output = $sanitizer->sanitize($html);
            if ($output !== $expected) {
                $differing[] = [$html, $expected, $output];
            }
        }
        $message = \count($differing) . ' of ' . \count($pairs) . ' inputs differ';
        $this->assertSame([], \array_slice($differing, 0, 5), $message);
    }

    public function testAgreesWithTheTypeScriptSanitizerOnEveryNamedCharacterReference(): void
    {
        $inputs = [];
        foreach (array_keys(Vectors::load('html-entities')['references']) as $name) {
            $inputs[] = "<p>&{$name}</p>";
            $inputs[] = "<p>&{$name}x &{$name}=</p>";
            $inputs[] = "<a title=\"&{$name}\" href=\"/?a&{$name}=1\">x</a>";
            $inputs[] = "<a title=\"&{$name}x\">x</a>";
            // Without its `;`, a name decodes only if it is a legacy one (`&copy`, not `&hellip`).
            $bare = rtrim($name, ';');
            $inputs[] = "<p>&{$bare} &{$bare}</p><a title=\"&{$bare} \">x</a>";
        }
        $expected = self::sanitizedByTypeScript($inputs);
        $sanitizer = new HtmlSanitizer();
        $differing = [];
        foreach ($inputs as $index => $html) {
            $output = $sanitizer->sanitize($html);
            if ($output !== $expected[$index]) {
                $differing[] = [$html, $expected[$index], $output];
            }
        }
        $this->assertSame([], \array_slice($differing, 0, 5), \count($differing) . ' inputs differ');
    }

    /**
     * @param list<string> $inputs
     * @return list<string>
     */
    private static function sanitizedByTypeScript(array $inputs): array
    {
        $output = self::runTypeScript([], json_encode($inputs, JSON_THROW_ON_ERROR));
        return json_decode($output, true, flags: JSON_THROW_ON_ERROR);
    }

    /**
     * The output of sanitize-json.mjs run with `$arguments` and `$input` on its standard input.
     *
     * @param list<string> $arguments
     */
    private static function runTypeScript(array $arguments, string $input): string
    {
        $script = \dirname(__DIR__, 3) . '/webhooks/scripts/sanitize-json.mjs';
        $process = proc_open(
            [getenv('RANKQUILL_NODE') ?: 'node', $script, ...$arguments],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
        );
        self::assertIsResource($process);
        fwrite($pipes[0], $input);
        fclose($pipes[0]);
        $output = stream_get_contents($pipes[1]);
        $errors = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        $status = proc_close($process);
        self::assertSame(0, $status, "the TypeScript sanitizer did not run (build the repository first): {$errors}");
        return (string) $output;
    }
}
