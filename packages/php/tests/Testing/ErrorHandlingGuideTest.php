<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\ReferenceServer;

/**
 * Runs the five PHPUnit samples of "Testing your error handling" in docs/testing.md as written:
 * each block goes into a file of its own in a fresh tests folder, and `phpunit` runs the folder
 * with this package's init.php as the autoloader and the repository's server as
 * RANKQUILL_MOCK_COMMAND.
 */
final class ErrorHandlingGuideTest extends TestCase
{
    private const MARKER = '<!-- sample tested by: packages/php/tests/Testing/ErrorHandlingGuideTest.php -->';

    private string $folder;

    protected function setUp(): void
    {
        $this->folder = sys_get_temp_dir() . '/rankquill-error-handling-guide-' . bin2hex(random_bytes(4));
        mkdir($this->folder, 0777, true);
    }

    protected function tearDown(): void
    {
        exec('rm -rf ' . escapeshellarg($this->folder));
    }

    public function testTheGuidesFiveSamplesPass(): void
    {
        $samples = self::samples();
        $this->assertCount(5, $samples, 'docs/testing.md has the five PHP samples of "Testing your error handling"');
        foreach ($samples as $sample) {
            $this->assertSame(1, preg_match('/^final class (\w+Test) extends TestCase$/m', $sample, $class), $sample);
            file_put_contents("{$this->folder}/{$class[1]}.php", $sample);
        }

        $environment = getenv();
        $environment['RANKQUILL_MOCK_COMMAND'] = MockServerTest::repositoryCommand();
        $process = proc_open(
            ['phpunit', '--bootstrap', \dirname(__DIR__, 2) . '/init.php', '--fail-on-risky', '--fail-on-warning',
                '--do-not-cache-result', $this->folder],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]],
            $pipes,
            $this->folder,
            $environment,
        );
        $this->assertIsResource($process);
        $output = (string) stream_get_contents($pipes[1]);
        fclose($pipes[1]);
        $this->assertSame(0, proc_close($process), $output);
        $this->assertMatchesRegularExpression('/OK \(5 tests, \d+ assertions\)/', $output);
    }

    /** @return list<string> the PHP blocks under the marker, in their order in the guide */
    private static function samples(): array
    {
        $guide = (string) file_get_contents(ReferenceServer::repositoryRoot() . '/docs/testing.md');
        preg_match_all('/' . preg_quote(self::MARKER, '/') . "\n```php\n(.*?)```/s", $guide, $matches);
        return $matches[1];
    }
}
