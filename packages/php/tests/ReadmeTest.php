<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use Rankquill\Tests\Support\Samples;
use Rankquill\Tests\Support\ServerTestCase;

/**
 * Runs every PHP sample of README.md marked `sample tested by: packages/php/tests/ReadmeTest.php`
 * as it stands, in a PHP process of its own inside a throwaway project that installed this
 * package with Composer (a path repository), against the reference server. The lines its
 * `echo ...; // text` comments promise must be printed in order (`…` stands for any text).
 * Guzzle, which a sample uses as a PSR-18 client, comes from Debian's php-guzzlehttp-guzzle,
 * loaded before the sample as `composer require guzzlehttp/guzzle` would (Packagist is off here).
 */
final class ReadmeTest extends ServerTestCase
{
    private const MARKER = '<!-- sample tested by: packages/php/tests/ReadmeTest.php -->';

    /** @return list<string> */
    private static function samples(): array
    {
        $readme = (string) file_get_contents(\dirname(__DIR__) . '/README.md');
        preg_match_all('/' . preg_quote(self::MARKER, '/') . "\n```php\n(.*?)```/s", $readme, $matches);
        return $matches[1];
    }

    public function testTheReadmeHasThreeTestedSamples(): void
    {
        $this->assertCount(3, self::samples());
    }

    public function testEverySampleRunsAndPrintsWhatItsCommentsSay(): void
    {
        foreach (self::samples() as $index => $code) {
            [$status, $output] = $this->runSample($code);
            $this->assertSame(0, $status, "sample {$index} failed:\n{$output}");
            $printed = explode("\n", trim($output));
            $this->assertSame([], Samples::missing($printed, Samples::expected($code)), "sample {$index} "
                . "printed:\n{$output}");
            $this->assertGreaterThan(1, \count($printed));
        }
    }

    private static string $project;

    public static function setUpBeforeClass(): void
    {
        self::$project = Samples::composerProject('readme');
    }

    public static function tearDownAfterClass(): void
    {
        Samples::removeProject(self::$project);
    }

    /** @return array{int, string} */
    private function runSample(string $code): array
    {
        return Samples::run(self::$project, $code, [
            'RANKQUILL_API_KEY' => $this->server->apiKey,
            'RANKQUILL_BASE_URL' => $this->server->apiBaseUrl,
            'RANKQUILL_PUBLIC_API_KEY' => $this->server->publicApiKey,
            'RANKQUILL_CONTENT_API_URL' => $this->server->contentApiUrl,
        ], ['-d', 'auto_prepend_file=/usr/share/php/GuzzleHttp/autoload.php']);
    }
}
