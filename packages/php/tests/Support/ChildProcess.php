<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * A process the tests start (the reference server, `php -S`), with its output in files, stopped
 * when the test run ends.
 */
final class ChildProcess
{
    /** @var resource */
    private $process;
    private bool $stopped = false;

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
        $process = proc_open(
            $command,
            [0 => ['file', '/dev/null', 'r'], 1 => ['file', $stdoutFile, 'w'], 2 => ['file', $stderrFile, 'w']],
            $pipes,
            $workingDirectory,
            $environment,
        );
        if ($process === false) {
            throw new \RuntimeException('Could not start ' . implode(' ', $command));
        }
        $this->process = $process;
        register_shutdown_function([$this, 'stop']);
    }

    /** The first line of stdout, once written in full; fails after `$seconds`. */
    public function firstLine(float $seconds = 30.0): string
    {
        $deadline = microtime(true) + $seconds;
        while (microtime(true) < $deadline) {
            $output = (string) @file_get_contents($this->stdoutFile);
            $end = strpos($output, "\n");
            if ($end !== false) {
                return substr($output, 0, $end);
            }
            if (!$this->isRunning()) {
                break;
            }
            usleep(20_000);
        }
        throw new \RuntimeException(sprintf(
            "No ready line within %.0f s. stderr:\n%s",
            $seconds,
            @file_get_contents($this->stderrFile),
        ));
    }

    public function isRunning(): bool
    {
        return !$this->stopped && proc_get_status($this->process)['running'];
    }

    public function stop(): void
    {
        if ($this->stopped) {
            return;
        }
        $this->stopped = true;
        if (proc_get_status($this->process)['running']) {
            proc_terminate($this->process, 15);
            $deadline = microtime(true) + 5;
            while (proc_get_status($this->process)['running'] && microtime(true) < $deadline) {
                usleep(10_000);
            }
            if (proc_get_status($this->process)['running']) {
                proc_terminate($this->process, 9);
            }
        }
        proc_close($this->process);
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
