<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\ClockTicker;
use Rankquill\Tests\Support\ReferenceServer;
use Rankquill\Tests\Support\Samples;

/**
 * Every PHP sample of the guides in docs/ runs as written, against a reference server of its own
 * guide, and prints what its comments say. The guides show each sample in TypeScript, Python, PHP
 * and Ruby, one block after the other (docs/test/sample-groups.test.ts checks that none is
 * missing); each language's suite runs its blocks: here every `php` block of a guide that has
 * TypeScript samples, bar those with a `<!-- sample ...: ... -->` marker above them. As in
 * docs/test, a guide's samples run in order against one server whose manual clock moves 10 s every
 * 50 ms while a sample runs, or on the real clock when the guide says
 * `<!-- sample server: --clock real -->`.
 */
final class GuideSamplesTest extends TestCase
{
    private const WEBHOOK_SECRET = 'docs-webhook-secret';

    private static string $project;

    /** @return array<string, array{string}> the guides with PHP samples, by file name */
    public static function guides(): array
    {
        $guides = [];
        foreach (glob(ReferenceServer::repositoryRoot() . '/docs/*.md') ?: [] as $path) {
            if (self::samplesOf((string) file_get_contents($path)) !== []) {
                $guides[basename($path)] = [$path];
            }
        }
        return $guides;
    }

    /**
     * The unmarked `php` blocks of a guide with TypeScript samples, with their lines.
     *
     * @return list<array{int, string}>
     */
    public static function samplesOf(string $markdown): array
    {
        if (preg_match('/^```(ts|typescript)$/m', $markdown) !== 1) {
            return [];
        }
        preg_match_all('/^```php\n(.*?)^```$/ms', $markdown, $matches, PREG_OFFSET_CAPTURE);
        $samples = [];
        foreach ($matches[1] as [$code, $offset]) {
            $before = rtrim(substr($markdown, 0, $offset - \strlen("```php\n")));
            $lastLine = substr($before, (int) strrpos($before, "\n") + 1);
            if (preg_match('/^<!--\s*sample [\w ]+:.*-->$/', trim($lastLine)) === 1) {
                continue;
            }
            $samples[] = [substr_count($markdown, "\n", 0, $offset), $code];
        }
        return $samples;
    }

    public static function setUpBeforeClass(): void
    {
        self::$project = Samples::composerProject('guides');
    }

    public static function tearDownAfterClass(): void
    {
        Samples::removeProject(self::$project);
    }

    public function testEveryGuideWithSamplesHasPhpOnes(): void
    {
        $this->assertSame(
            ['ai-visibility.md', 'errors-and-retries.md', 'exports.md', 'getting-started.md', 'keywords.md',
                'pagination.md', 'rate-limits.md', 'webhooks.md'],
            array_keys(self::guides()),
        );
    }

    /** @dataProvider guides */
    public function testTheSamplesOfTheGuideRunInOrder(string $path): void
    {
        $markdown = (string) file_get_contents($path);
        $realClock = preg_match('/<!--\s*sample server:.*--clock real.*-->/', $markdown) === 1;
        $server = ReferenceServer::forSamples($realClock ? 'real' : 'manual');
        try {
            foreach (self::samplesOf($markdown) as [$line, $code]) {
                $ticker = $realClock ? null : new ClockTicker($server, 10, 50);
                try {
                    [$status, $output] = Samples::run(self::$project, $code, [
                        'RANKQUILL_API_KEY' => $server->apiKey,
                        'RANKQUILL_BASE_URL' => $server->apiBaseUrl,
                        'RANKQUILL_PROJECT_ID' => $server->projectId,
                        'RANKQUILL_PUBLIC_API_KEY' => $server->publicApiKey,
                        'RANKQUILL_CONTENT_API_URL' => $server->contentApiUrl,
                        'RANKQUILL_MOCK_URL' => $server->url,
                        'RANKQUILL_WEBHOOK_SECRET' => self::WEBHOOK_SECRET,
                    ]);
                } finally {
                    $ticker?->stop();
                }
                $where = basename($path) . ':' . $line;
                $this->assertSame(0, $status, "{$where} failed:\n{$output}");
                $expected = Samples::expected($code);
                $this->assertNotSame([], $expected, "{$where}: say what it prints, `echo ...; // text`");
                $printed = explode("\n", trim($output));
                $this->assertSame([], Samples::missing($printed, $expected), "{$where} printed:\n{$output}");
            }
        } finally {
            $server->stop();
        }
    }
}
