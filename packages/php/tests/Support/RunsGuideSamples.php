<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * For a `TestCase` that runs the PHPUnit samples of a guide as written: the blocks of one section
 * marked `<!-- sample tested by: <its test file> -->` go into a fresh folder (removed after the
 * test), and Debian's `phpunit` runs them there, as a user's suite.
 *
 * Example:
 *     $samples = self::guideSamples('docs/testing.md', '### PHP');
 *     file_put_contents("{$this->sampleFolder}/ArticlesTest.php", $samples[0]);
 *     $output = $this->runPhpunit(\dirname(__DIR__, 2) . '/init.php', '.', MockServerTest::repositoryCommand());
 */
trait RunsGuideSamples
{
    /** A fresh folder for the test's samples, removed after the test. */
    private string $sampleFolder;

    protected function setUp(): void
    {
        $this->sampleFolder = sys_get_temp_dir() . '/rankquill-guide-samples-' . bin2hex(random_bytes(4));
        mkdir($this->sampleFolder, 0777, true);
    }

    protected function tearDown(): void
    {
        exec('rm -rf ' . escapeshellarg($this->sampleFolder));
    }

    /**
     * The blocks right below this test file's marker in the section of `$guide` (a path from the
     * repository's root) that starts at the line `$heading` (`## ...` or `### ...`) and ends at the
     * next heading of its level or above, in their order.
     *
     * @param string $fences the blocks' languages, as a regex alternation: 'php', 'php|sh'
     * @return list<string>
     */
    private static function guideSamples(string $guide, string $heading, string $fences = 'php'): array
    {
        $root = ReferenceServer::repositoryRoot();
        $lines = file("{$root}/{$guide}");
        self::assertIsArray($lines, "{$guide} is readable");
        $start = array_search("{$heading}\n", $lines, true);
        self::assertIsInt($start, "{$guide} has the heading {$heading}");
        $level = strspn($heading, '#');
        $section = '';
        $fenced = false; // a `# comment` in a block is no heading
        foreach (\array_slice($lines, $start + 1) as $line) {
            if (!$fenced && preg_match('/^(#+) /', $line, $hashes) === 1 && \strlen($hashes[1]) <= $level) {
                break;
            }
            $fenced = $fenced !== str_starts_with($line, '```');
            $section .= $line;
        }
        $test = substr((string) (new \ReflectionClass(static::class))->getFileName(), \strlen($root) + 1);
        $marker = preg_quote("<!-- sample tested by: {$test} -->", '/');
        preg_match_all("/{$marker}\n```(?:{$fences})\n(.*?)^```$/ms", $section, $matches);
        return $matches[1];
    }

    /**
     * Runs Debian's `phpunit` (a stand-in for vendor/bin/phpunit: Packagist is out of reach here)
     * over `$tests` in the sample folder and answers its output, failing the test with it unless
     * phpunit passed.
     *
     * @param ?string $mockCommand RANKQUILL_MOCK_COMMAND for the samples' server; null leaves it
     *     unset, so that the helper finds the server as a user's project does
     */
    private function runPhpunit(string $bootstrap, string $tests, ?string $mockCommand): string
    {
        $environment = getenv();
        unset($environment['RANKQUILL_MOCK_COMMAND']);
        if ($mockCommand !== null) {
            $environment['RANKQUILL_MOCK_COMMAND'] = $mockCommand;
        }
        $process = proc_open(
            ['phpunit', '--bootstrap', $bootstrap, '--fail-on-risky', '--fail-on-warning', '--do-not-cache-result',
                $tests],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]],
            $pipes,
            $this->sampleFolder,
            $environment,
        );
        $this->assertIsResource($process);
        $output = (string) stream_get_contents($pipes[1]);
        fclose($pipes[1]);
        $this->assertSame(0, proc_close($process), $output);
        return $output;
    }
}
