<?php

declare(strict_types=1);

namespace Rankquill\Testing;

/**
 * A process started without a shell, its output going to files (a pipe nobody reads could fill
 * and stall it), stopped with SIGTERM and, after 5 s, SIGKILL: when asked, or when PHP exits.
 * With `$ownProcessGroup` it runs in a group of its own (`setsid`, which execs in place, so the
 * pid stays the command's) and the signals go to the whole group, so workers it forked
 * (`php -S`) go too. With `$stdinPipe` its stdin is a pipe this object holds open: it closes
 * when stop() runs or when PHP exits in any way, a SIGKILL included, which a server started with
 * `--exit-on-stdin-close` takes as its cue to stop.
 *
 * @internal MockServer's process and the package's own tests use it.
 *
 * @example
 * $process = new BackgroundProcess(['php', '-S', '127.0.0.1:8080'], '/tmp/out', '/tmp/err');
 * $process->stop();
 */
final class BackgroundProcess
{
    private const GRACE_SECONDS = 5.0;

    /** @var resource */
    private $process;
    /** @var resource|null the write end of the child's stdin, when it is a pipe */
    private $stdin = null;
    private bool $stopped = false;

    /**
     * @param list<string> $command
     * @param array<string, string>|null $environment null inherits this process's
     */
    public function __construct(
        array $command,
        public readonly string $stdoutFile,
        public readonly string $stderrFile,
        ?array $environment = null,
        ?string $workingDirectory = null,
        private readonly bool $ownProcessGroup = false,
        bool $stdinPipe = false,
    ) {
        $process = proc_open(
            $ownProcessGroup ? ['setsid', ...$command] : $command,
            [
                0 => $stdinPipe ? ['pipe', 'r'] : ['file', '/dev/null', 'r'],
                1 => ['file', $stdoutFile, 'w'],
                2 => ['file', $stderrFile, 'w'],
            ],
            $pipes,
            $workingDirectory,
            $environment,
        );
        if ($process === false) {
            throw new MockServerException('Could not start ' . implode(' ', $command));
        }
        $this->process = $process;
        $this->stdin = $pipes[0] ?? null;
        register_shutdown_function([$this, 'stop']);
    }

    /** The first line of stdout once written in full, or null when the process exits or `$seconds` pass first. */
    public function firstLine(float $seconds): ?string
    {
        $deadline = microtime(true) + $seconds;
        do {
            $output = (string) @file_get_contents($this->stdoutFile);
            $end = strpos($output, "\n");
            if ($end !== false) {
                return substr($output, 0, $end);
            }
            if (!$this->isRunning()) {
                return null;
            }
            usleep(10_000);
        } while (microtime(true) < $deadline);
        return null;
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
        if (\is_resource($this->stdin)) {
            fclose($this->stdin);
        }
        $pid = proc_get_status($this->process)['pid'];
        if ($this->alive($pid)) {
            $this->signal($pid, 15);
            $deadline = microtime(true) + self::GRACE_SECONDS;
            while ($this->alive($pid) && microtime(true) < $deadline) {
                usleep(10_000);
            }
            if ($this->alive($pid)) {
                $this->signal($pid, 9);
            }
        }
        proc_close($this->process);
    }

    private function signal(int $pid, int $signal): void
    {
        if (!$this->ownProcessGroup) {
            proc_terminate($this->process, $signal);
        } elseif ($pid > 1) {
            @posix_kill(-$pid, $signal);
        }
    }

    /** Whether the process (or, for a group, any process of it; a zombie leader aside) is still there. */
    private function alive(int $pid): bool
    {
        // Also reaps the leader once it exits, so a group of only a zombie reads as gone.
        $running = proc_get_status($this->process)['running'];
        return $this->ownProcessGroup ? $pid > 1 && @posix_kill(-$pid, 0) : $running;
    }
}
