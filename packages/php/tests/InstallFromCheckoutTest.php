<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\ReferenceServer;

/**
 * Runs the README's "from a checkout" install commands, line by line, in an empty Composer
 * project, with `/path/to/rankquill` standing for this repository; then loads a class from it.
 */
final class InstallFromCheckoutTest extends TestCase
{
    private const MARKER = '<!-- sample tested by: packages/php/tests/InstallFromCheckoutTest.php -->';

    public function testTheReadmesCommandsInstallThePackageFromTheRepository(): void
    {
        $readme = (string) file_get_contents(\dirname(__DIR__) . '/README.md');
        $pattern = '/' . preg_quote(self::MARKER, '/') . "\n```sh\n(.*?)```/s";
        $this->assertSame(1, preg_match($pattern, $readme, $match));
        $project = sys_get_temp_dir() . '/rankquill-checkout-' . bin2hex(random_bytes(4));
        mkdir($project);
        try {
            file_put_contents("{$project}/composer.json", "{}\n");
            $commands = str_replace('/path/to/rankquill', ReferenceServer::repositoryRoot(), trim($match[1]));
            foreach (explode("\n", $commands) as $command) {
                $line = 'cd ' . escapeshellarg($project) . " && COMPOSER_ALLOW_SUPERUSER=1 {$command} --no-interaction";
                exec("{$line} 2>&1", $output, $status);
                $this->assertSame(0, $status, "{$command}:\n" . implode("\n", $output));
            }
            exec('cd ' . escapeshellarg($project) . ' && ' . PHP_BINARY . ' -r ' . escapeshellarg(
                "require 'vendor/autoload.php'; echo \\Rankquill\\RankquillClient::VERSION;",
            ) . ' 2>&1', $printed, $status);
            $this->assertSame(0, $status);
            $this->assertSame([\Rankquill\RankquillClient::VERSION], $printed);
        } finally {
            exec('rm -rf ' . escapeshellarg($project));
        }
    }
}
