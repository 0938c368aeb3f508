<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * Moves the reference server's manual clock in the background (a child process advancing it
 * every few milliseconds) while a blocking call such as `createAndWait()` waits, as time passes
 * on the real service.
 */
final class ClockTicker
{
    private ChildProcess $process;

    public function __construct(ReferenceServer $server, int $secondsPerTick, int $everyMilliseconds)
    {
        $folder = sys_get_temp_dir() . '/rankquill-ticker-' . bin2hex(random_bytes(4));
        $this->process = new ChildProcess(
            [
                PHP_BINARY,
                __DIR__ . '/clock-ticker.php',
                $server->url,
                (string) $secondsPerTick,
                (string) $everyMilliseconds,
            ],
            "{$folder}.out",
            "{$folder}.err",
        );
    }

    public function stop(): void
    {
        $this->process->stop();
        @unlink($this->process->stdoutFile);
        @unlink($this->process->stderrFile);
    }
}
