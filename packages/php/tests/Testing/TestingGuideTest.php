<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Composer;
use Rankquill\Tests\Support\ReferenceServer;

/**
 * Runs the PHPUnit sample of docs/testing.md as its CI recipe does: a project that installed this
 * package with Composer (from the repository, a path repository) and has `@rankquill/mock-server`
 * in its `node_modules` (the repository's, linked), where `phpunit` runs the sample as written.
 */
final class TestingGuideTest extends TestCase
{
    private const MARKER = '<!-- sample tested by: packages/php/tests/Testing/TestingGuideTest.php -->';

    private string $project;

    protected function setUp(): void
    {
        $this->project = sys_get_temp_dir() . '/rankquill-testing-guide-' . bin2hex(random_bytes(4));
        mkdir($this->project . '/tests', 0777, true);
        mkdir($this->project . '/node_modules/@rankquill', 0777, true);
        $package = $this->project . '/node_modules/@rankquill/mock-server';
        symlink(ReferenceServer::repositoryRoot() . '/mock-server', $package);
        file_put_contents($this->project . '/composer.json', json_encode([
            'require-dev' => ['rankquill/rankquill' => '*'],
            'repositories' => [['type' => 'path', 'url' => \dirname(__DIR__, 2)], ['packagist.org' => false]],
            'minimum-stability' => 'dev',
        ]));
        Composer::install($this->project);
    }

    protected function tearDown(): void
    {
        exec('rm -rf ' . escapeshellarg($this->project));
    }

    public function testTheGuidesTestClassPassesWithTheServerFromNodeModules(): void
    {
        [$class, $recipe] = self::samples();
        $this->assertStringContainsString('vendor/bin/phpunit tests', $recipe);
        file_put_contents($this->project . '/tests/ArticlesTest.php', $class);

        $environment = getenv();
        unset($environment['RANKQUILL_MOCK_COMMAND']);
        // Debian's phpunit stands in for vendor/bin/phpunit: Packagist is out of reach here.
        $process = proc_open(
            ['phpunit', '--bootstrap', 'vendor/autoload.php', 'tests'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]],
            $pipes,
            $this->project,
            $environment,
        );
        $this->assertIsResource($process);
        $output = (string) stream_get_contents($pipes[1]);
        fclose($pipes[1]);
        $this->assertSame(0, proc_close($process), $output);
        $this->assertStringContainsString('OK (2 tests', $output);
    }

    /** @return array{string, string} the test class and the CI recipe */
    private static function samples(): array
    {
        $guide = (string) file_get_contents(ReferenceServer::repositoryRoot() . '/docs/testing.md');
        preg_match_all('/' . preg_quote(self::MARKER, '/') . "\n```(?:php|sh)\n(.*?)```/s", $guide, $matches);
        self::assertCount(2, $matches[1], 'docs/testing.md has the PHPUnit sample and the PHP CI recipe');
        return [$matches[1][0], $matches[1][1]];
    }
}
