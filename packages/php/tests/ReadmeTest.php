<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use Rankquill\Tests\Support\Composer;
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
            $this->assertSame([], self::missing($printed, self::expected($code)), "sample {$index} "
                . "printed:\n{$output}");
            $this->assertGreaterThan(1, \count($printed));
        }
    }

    private static string $project;

    public static function setUpBeforeClass(): void
    {
        self::$project = sys_get_temp_dir() . '/rankquill-readme-' . bin2hex(random_bytes(4));
        mkdir(self::$project);
        file_put_contents(self::$project . '/composer.json', json_encode([
            'require' => ['rankquill/rankquill' => '*'],
            'repositories' => [['type' => 'path', 'url' => \dirname(__DIR__)], ['packagist.org' => false]],
            'minimum-stability' => 'dev',
        ]));
        Composer::install(self::$project);
    }

    public static function tearDownAfterClass(): void
    {
        exec('rm -rf ' . escapeshellarg(self::$project));
    }

    /** @return array{int, string} */
    private function runSample(string $code): array
    {
        file_put_contents(self::$project . '/sample.php', $code);
        $environment = [
            'RANKQUILL_API_KEY' => $this->server->apiKey,
            'RANKQUILL_BASE_URL' => $this->server->apiBaseUrl,
            'RANKQUILL_PUBLIC_API_KEY' => $this->server->publicApiKey,
            'RANKQUILL_CONTENT_API_URL' => $this->server->contentApiUrl,
        ] + getenv();
        $process = proc_open(
            [PHP_BINARY, '-d', 'auto_prepend_file=/usr/share/php/GuzzleHttp/autoload.php', 'sample.php'],
            [1 => ['pipe', 'w'], 2 => ['redirect', 1]],
            $pipes,
            self::$project,
            $environment,
        );
        $output = (string) stream_get_contents($pipes[1]);
        fclose($pipes[1]);
        return [proc_close($process), $output];
    }

    /** @return list<string> the text of each `echo ...; // text` comment */
    private static function expected(string $code): array
    {
        preg_match_all('#^\s*echo .*; // (.+)$#m', $code, $matches);
        return $matches[1];
    }

    /**
     * @param list<string> $printed
     * @param list<string> $expected
     * @return list<string> the expected lines not printed in order
     */
    private static function missing(array $printed, array $expected): array
    {
        $missing = [];
        $at = 0;
        foreach ($expected as $line) {
            $pattern = '/^' . str_replace('…', '.*', preg_quote($line, '/')) . '$/u';
            $found = false;
            for ($index = $at; $index < \count($printed); $index++) {
                if (preg_match($pattern, $printed[$index]) === 1) {
                    $at = $index + 1;
                    $found = true;
                    break;
                }
            }
            if (!$found) {
                $missing[] = $line;
            }
        }
        return $missing;
    }
}
