<?php

declare(strict_types=1);

namespace Rankquill\Testing;

/**
 * A running `rankquill-mock serve`: a `BackgroundProcess` whose output goes to temporary
 * files, whose first line is the ready line, and which is stopped when asked or when PHP exits.
 * Its stdin is a pipe that closes with this PHP process, however it ends: started with
 * `RANKQUILL_EXIT_ON_STDIN_CLOSE=1` (what `serve --exit-on-stdin-close` sets, as a variable that a
 * CLI too old to know it ignores), the server then stops by itself, even after a SIGKILL.
 *
 * @internal MockServer::start() uses it.
 */
final class MockServerProcess
{
    private readonly BackgroundProcess $process;

    /** @param list<string> $command */
    public function __construct(array $command)
    {
        $this->process = new BackgroundProcess(
            $command,
            (string) tempnam(sys_get_temp_dir(), 'rankquill-mock-out-'),
            (string) tempnam(sys_get_temp_dir(), 'rankquill-mock-err-'),
            ['RANKQUILL_EXIT_ON_STDIN_CLOSE' => '1'] + getenv(),
            stdinPipe: true,
        );
    }

    /**
     * The ready line's JSON, once the server printed it.
     *
     * @return array<string, mixed>
     */
    public function readyLine(float $seconds): array
    {
        $line = $this->process->firstLine($seconds);
        $ready = $line === null ? null : json_decode($line, true);
        if (\is_array($ready) && ($ready['event'] ?? null) === 'ready') {
            return $ready;
        }
        $message = sprintf(
            "rankquill-mock serve printed no ready line (%s). Its output:\n%s%s",
            $this->isRunning() ? sprintf('waited %.0f s', $seconds) : 'it exited',
            @file_get_contents($this->process->stdoutFile),
            @file_get_contents($this->process->stderrFile),
        );
        $this->stop();
        throw new MockServerException($message);
    }

    public function isRunning(): bool
    {
        return $this->process->isRunning();
    }

    public function stop(): void
    {
        $this->process->stop();
        @unlink($this->process->stdoutFile);
        @unlink($this->process->stderrFile);
    }
}
