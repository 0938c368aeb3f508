<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\ChildProcess;

/**
 * The tests' servers leave nothing behind: `php -S` with workers forks children that a signal
 * to the parent alone orphans (one clean run used to leave about 95 of them).
 */
final class ChildProcessTest extends TestCase
{
    public function testStoppingAPhpServerWithWorkersStopsEveryOneOfItsProcesses(): void
    {
        $port = ChildProcess::freePort();
        $environment = getenv();
        $environment['PHP_CLI_SERVER_WORKERS'] = '3';
        $log = tempnam(sys_get_temp_dir(), 'rankquill-child-');
        $command = [PHP_BINARY, '-S', "127.0.0.1:{$port}", '-t', sys_get_temp_dir()];
        $server = new ChildProcess($command, $log, $log, $environment);
        try {
            ChildProcess::waitForPort($port);
            // The workers may still be starting on a loaded machine.
            $deadline = microtime(true) + 10;
            while (\count(self::processesServing($port)) < 4 && microtime(true) < $deadline) {
                usleep(20_000);
            }
            $this->assertGreaterThanOrEqual(4, \count(self::processesServing($port)), 'the server and its workers');
        } finally {
            $server->stop();
            @unlink($log);
        }
        $this->assertSame([], self::processesServing($port));
    }

    /** @return list<int> pids whose command line serves the port */
    private static function processesServing(int $port): array
    {
        $pids = [];
        foreach (glob('/proc/[0-9]*') ?: [] as $folder) {
            $command = (string) @file_get_contents("{$folder}/cmdline");
            $state = (string) @file_get_contents("{$folder}/stat");
            if (str_contains($command, "127.0.0.1:{$port}") && !preg_match('/\) Z /', $state)) {
                $pids[] = (int) basename($folder);
            }
        }
        return $pids;
    }
}
