<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * A real local HTTP server (`php -S` with scripted-router.php and four workers) that answers
 * from a script: each request takes the next answer, which is a fixed status, headers and body
 * (after an optional delay), or a forward to the reference server. Every request is recorded.
 *
 * @example
 * $server = ScriptedServer::start([['status' => 500], ['forward' => $reference->url]]);
 */
final class ScriptedServer
{
    public readonly string $url;
    private readonly ChildProcess $process;
    private readonly string $folder;

    /**
     * @param list<array<string, mixed>> $answers
     */
    private function __construct(array $answers)
    {
        $this->folder = sys_get_temp_dir() . '/rankquill-scripted-' . bin2hex(random_bytes(6));
        mkdir($this->folder);
        $this->script($answers);
        $port = ChildProcess::freePort();
        $environment = getenv();
        $environment['SCRIPTED_FOLDER'] = $this->folder;
        $environment['PHP_CLI_SERVER_WORKERS'] = '4';
        $this->process = new ChildProcess(
            [PHP_BINARY, '-S', "127.0.0.1:{$port}", __DIR__ . '/scripted-router.php'],
            "{$this->folder}/server.out",
            "{$this->folder}/server.err",
            $environment,
        );
        ChildProcess::waitForPort($port);
        $this->url = "http://127.0.0.1:{$port}";
    }

    /**
     * @param list<array<string, mixed>> $answers each: `status`, `headers`, `body`, `delay_ms`;
     *     or `forward` (a base URL) with optional `hang_ms` (answer only after that long)
     */
    public static function start(array $answers): self
    {
        return new self($answers);
    }

    /** @param list<array<string, mixed>> $answers replaces the answers not given yet */
    public function script(array $answers): void
    {
        file_put_contents("{$this->folder}/answers.json", json_encode($answers), LOCK_EX);
        file_put_contents("{$this->folder}/requests.jsonl", '', LOCK_EX);
    }

    /**
     * Requests received so far: method, path (with query), headers (lower-case names), body.
     *
     * @return list<array{method: string, path: string, headers: array<string, string>, body: string}>
     */
    public function requests(): array
    {
        $lines = array_filter(explode("\n", (string) file_get_contents("{$this->folder}/requests.jsonl")));
        return array_values(array_map(static fn (string $line): array => json_decode($line, true), $lines));
    }

    public function stop(): void
    {
        $this->process->stop();
        foreach (glob("{$this->folder}/*") ?: [] as $file) {
            unlink($file);
        }
        @rmdir($this->folder);
    }
}
