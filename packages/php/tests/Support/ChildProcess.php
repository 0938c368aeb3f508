<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * A process the tests start (the reference server, `php -S`), with its output in files, stopped
 * with every process it started (`php -S` forks workers that outlive a parent killed alone):
 * it runs in a process group of its own (`setsid`, which execs in place, so the pid is the
 * server's), and stop() signals that whole group. Stopped at the latest when the test run ends.
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
            ['setsid', ...$command],
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
        $group = proc_get_status($this->process)['pid'];
        self::signalGroup($group, 15);
        $deadline = microtime(true) + 5;
        while (self::groupAlive($group) && microtime(true) < $deadline) {
            proc_get_status($this->process); // reaps the leader once it exits
            usleep(10_000);
        }
        self::signalGroup($group, 9);
        proc_close($this->process);
    }

    private static function signalGroup(int $group, int $signal): void
    {
        if ($group > 1) {
            @posix_kill(-$group, $signal);
        }
    }

    /** Whether any process of the group is still there (a zombie leader aside). */
    private static function groupAlive(int $group): bool
    {
        return $group > 1 && @posix_kill(-$group, 0);
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
