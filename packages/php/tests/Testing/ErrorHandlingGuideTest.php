<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\RunsGuideSamples;

/**
 * Runs the five PHPUnit samples of "Testing your error handling" in docs/testing.md as written:
 * each block goes into a file of its own in a fresh tests folder, and `phpunit` runs the folder
 * with this package's init.php as the autoloader and the repository's server as
 * RANKQUILL_MOCK_COMMAND.
 */
final class ErrorHandlingGuideTest extends TestCase
{
    use RunsGuideSamples;

    public function testTheGuidesFiveSamplesPass(): void
    {
        $samples = self::guideSamples('docs/testing.md', '### PHP');
        $this->assertCount(5, $samples, 'docs/testing.md has the five PHP samples of "Testing your error handling"');
        foreach ($samples as $sample) {
            $this->assertSame(1, preg_match('/^final class (\w+Test) extends TestCase$/m', $sample, $class), $sample);
            file_put_contents("{$this->sampleFolder}/{$class[1]}.php", $sample);
        }

        $output = $this->runPhpunit(\dirname(__DIR__, 2) . '/init.php', '.', MockServerTest::repositoryCommand());
        $this->assertMatchesRegularExpression('/OK \(5 tests, \d+ assertions\)/', $output);
    }
}
