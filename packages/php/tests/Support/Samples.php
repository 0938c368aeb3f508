<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * Runs the PHP samples of the Markdown files as a reader would: each in a PHP process of its own
 * inside a throwaway project that installed this package with Composer (a path repository), so
 * that `require 'vendor/autoload.php';` works as written. The lines its `echo ...; // text`
 * comments promise must be printed in order (`…` stands for any text).
 */
final class Samples
{
    /** A Composer project that requires this package; remove it with `removeProject()`. */
    public static function composerProject(string $name): string
    {
        $project = sys_get_temp_dir() . "/rankquill-{$name}-" . bin2hex(random_bytes(4));
        mkdir($project);
        file_put_contents($project . '/composer.json', json_encode([
            'require' => ['rankquill/rankquill' => '*'],
            'repositories' => [['type' => 'path', 'url' => \dirname(__DIR__, 2)], ['packagist.org' => false]],
            'minimum-stability' => 'dev',
        ]));
        Composer::install($project);
        return $project;
    }

    public static function removeProject(string $project): void
    {
        exec('rm -rf ' . escapeshellarg($project));
    }

    /**
     * Runs `$code` as `sample.php` of `$project`, with `$environment` added to this process's.
     *
     * @param array<string, string> $environment
     * @param list<string> $phpOptions such as ['-d', 'auto_prepend_file=...']
     * @return array{int, string} the exit status and what it printed (stdout and stderr)
     */
    public static function run(string $project, string $code, array $environment, array $phpOptions = []): array
    {
        file_put_contents($project . '/sample.php', $code);
        $process = proc_open(
            [PHP_BINARY, ...$phpOptions, 'sample.php'],
            [1 => ['pipe', 'w'], 2 => ['redirect', 1]],
            $pipes,
            $project,
            $environment + getenv(),
        );
        $output = (string) stream_get_contents($pipes[1]);
        fclose($pipes[1]);
        return [proc_close($process), $output];
    }

    /** @return list<string> the text of each `echo ...; // text` comment */
    public static function expected(string $code): array
    {
        preg_match_all('#^\s*echo .*; // (.+)$#m', $code, $matches);
        return $matches[1];
    }

    /**
     * @param list<string> $printed
     * @param list<string> $expected
     * @return list<string> the expected lines not printed in order
     */
    public static function missing(array $printed, array $expected): array
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
