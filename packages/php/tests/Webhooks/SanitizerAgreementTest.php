<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\HtmlSanitizer;

/**
 * Every named character reference of HTML (packages/contract/vectors/html-entities.json) through
 * this sanitizer and the TypeScript one (the built @rankquill/webhooks package, run by Node), in
 * text and in attribute values, with and without its `;`: both must give the same bytes.
 */
final class SanitizerAgreementTest extends TestCase
{
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
        $script = \dirname(__DIR__, 3) . '/webhooks/scripts/sanitize-json.mjs';
        $process = proc_open(
            [getenv('RANKQUILL_NODE') ?: 'node', $script],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
        );
        self::assertIsResource($process);
        fwrite($pipes[0], json_encode($inputs, JSON_THROW_ON_ERROR));
        fclose($pipes[0]);
        $output = stream_get_contents($pipes[1]);
        $errors = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        $status = proc_close($process);
        self::assertSame(0, $status, "the TypeScript sanitizer did not run (build the repository first): {$errors}");
        return json_decode((string) $output, true, flags: JSON_THROW_ON_ERROR);
    }
}
