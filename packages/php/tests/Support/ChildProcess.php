<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

use Rankquill\Testing\BackgroundProcess;

/**
 * A process the tests start (the reference server, `php -S`): a `BackgroundProcess` in a
 * process group of its own, so stop() ends every process it started (`php -S` forks workers
 * that outlive a parent killed alone). Stopped at the latest when the test run ends.
 */
final class ChildProcess
{
    private readonly BackgroundProcess $process;

    /**
     * @param list<string> $command run without a shell
     * @param array<string, string>|null $environment null inherits the test run's
     */
    public function __construct(
        array $command,
        public readonly string $stdoutFile,
        public readonly string $stderrFile,
        ?array $environment = null,
        ?string $workingDirectory = null,
    ) {
        $this->process = new BackgroundProcess(
            $command,
            $stdoutFile,
            $stderrFile,
            $environment,
            $workingDirectory,
            ownProcessGroup: true,
        );
    }

    /** The first line of stdout, once written in full; fails after `$seconds`. */
    public function firstLine(float $seconds = 30.0): string
    {
        return $this->process->firstLine($seconds) ?? throw new \RuntimeException(sprintf(
            "No ready line within %.0f s. stderr:\n%s",
            $seconds,
            @file_get_contents($this->stderrFile),
        ));
    }

    public function isRunning(): bool
    {
        return $this->process->isRunning();
    }

    public function stop(): void
    {
        $this->process->stop();
    }

    /** A TCP port nothing listens on right now, for servers that cannot take port 0. */
    public static function freePort(): int
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
        if ($socket === false) {
            throw new \RuntimeException("Cannot find a free port: {$error}");
        }
        $name = (string) stream_socket_get_name($socket, false);
        fclose($socket);
        return (int) substr($name, strrpos($name, ':') + 1);
    }

    /** Waits until something accepts connections on the port. */
    public static function waitForPort(int $port, float $seconds = 10.0): void
    {
        $deadline = microtime(true) + $seconds;
        while (microtime(true) < $deadline) {
            $connection = @stream_socket_client("tcp://127.0.0.1:{$port}", $errno, $error, 0.2);
            if ($connection !== false) {
                fclose($connection);
                return;
            }
            usleep(20_000);
        }
        throw new \RuntimeException("Nothing listens on port {$port} after {$seconds} s.");
    }
}
