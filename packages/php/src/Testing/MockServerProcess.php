<?php

declare(strict_types=1);

namespace Rankquill\Testing;

/**
 * A running `rankquill-mock serve`: its output goes to temporary files (a pipe nobody reads
 * could fill and stall the server), its first line is the ready line, and it is stopped with
 * SIGTERM (SIGKILL after 5 s) when asked or when PHP exits.
 *
 * @internal MockServer::start() uses it.
 */
final class MockServerProcess
{
    /** @var resource */
    private $process;
    private bool $stopped = false;
    private readonly string $stdoutFile;
    private readonly string $stderrFile;

    /** @param list<string> $command */
    public function __construct(array $command)
    {
        $this->stdoutFile = (string) tempnam(sys_get_temp_dir(), 'rankquill-mock-out-');
        $this->stderrFile = (string) tempnam(sys_get_temp_dir(), 'rankquill-mock-err-');
        $process = proc_open(
            $command,
            [
                0 => ['file', '/dev/null', 'r'],
                1 => ['file', $this->stdoutFile, 'w'],
                2 => ['file', $this->stderrFile, 'w'],
            ],
            $pipes,
        );
        if ($process === false) {
            throw new MockServerException('Could not start ' . implode(' ', $command));
        }
        $this->process = $process;
        register_shutdown_function([$this, 'stop']);
    }

    /**
     * The ready line's JSON, once the server printed it.
     *
     * @return array<string, mixed>
     */
    public function readyLine(float $seconds): array
    {
        $deadline = microtime(true) + $seconds;
        do {
            $output = (string) @file_get_contents($this->stdoutFile);
            $end = strpos($output, "\n");
            if ($end !== false) {
                $ready = json_decode(substr($output, 0, $end), true);
                if (\is_array($ready) && ($ready['event'] ?? null) === 'ready') {
                    return $ready;
                }
                break;
            }
            if (!$this->isRunning()) {
                break;
            }
            usleep(10_000);
        } while (microtime(true) < $deadline);
        $message = sprintf(
            "rankquill-mock serve printed no ready line (%s). Its output:\n%s%s",
            $this->isRunning() ? sprintf('waited %.0f s', $seconds) : 'it exited',
            @file_get_contents($this->stdoutFile),
            @file_get_contents($this->stderrFile),
        );
        $this->stop();
        throw new MockServerException($message);
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
        @unlink($this->stdoutFile);
        @unlink($this->stderrFile);
    }
}
