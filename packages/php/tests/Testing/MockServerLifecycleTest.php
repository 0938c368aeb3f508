<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;

/**
 * A `MockServer` never outlives the PHP process that started it: stopped at exit (a shutdown
 * function), and by itself when that process is killed with SIGKILL, which runs no shutdown
 * function (the server sees its stdin pipe close).
 */
final class MockServerLifecycleTest extends TestCase
{
    /** @var list<int> pids to leave stopped, whatever happened */
    private array $pids = [];
    private string $script;

    protected function setUp(): void
    {
        $this->script = (string) tempnam(sys_get_temp_dir(), 'rankquill-parent-') . '.php';
        $init = var_export(\dirname(__DIR__, 2) . '/init.php', true);
        $command = var_export(MockServerTest::repositoryCommand(), true);
        file_put_contents($this->script, <<<PHP
            <?php
            require {$init};
            \$mock = \\Rankquill\\Testing\\MockServer::start(['command' => {$command}]);
            echo json_encode(['url' => \$mock->url]), "\\n";
            if ((\$argv[1] ?? '') === 'wait') {
                sleep(600);
            }
            PHP);
    }

    protected function tearDown(): void
    {
        foreach ($this->pids as $pid) {
            if (self::running($pid)) {
                posix_kill($pid, SIGKILL);
            }
        }
        @unlink($this->script);
    }

    public function testAServerWhoseProcessIsKilledWithSigkillExitsByItself(): void
    {
        [$parent, $url, $server] = $this->startParent('wait');
        $this->assertTrue(self::answers($url));
        posix_kill($parent['pid'], SIGKILL);
        $deadline = microtime(true) + 5;
        while (self::running($server) && microtime(true) < $deadline) {
            usleep(50_000);
        }
        $this->assertFalse(self::running($server), 'the server outlived its killed parent by 5 s');
        $this->assertFalse(self::answers($url));
        proc_close($parent['process']);
    }

    public function testAServerNeverStoppedStopsWhenPhpExits(): void
    {
        [$parent, $url, $server] = $this->startParent('exit');
        $this->assertSame(0, proc_close($parent['process']));
        $this->assertFalse(self::running($server));
        $this->assertFalse(self::answers($url));
    }

    /** @return array{0: array{process: resource, pid: int}, 1: string, 2: int} */
    private function startParent(string $mode): array
    {
        $process = proc_open([PHP_BINARY, $this->script, $mode], [1 => ['pipe', 'w']], $pipes);
        $this->assertIsResource($process);
        $pid = proc_get_status($process)['pid'];
        $this->pids[] = $pid;
        $line = (string) fgets($pipes[1]);
        fclose($pipes[1]);
        $url = (string) (json_decode($line, true)['url'] ?? '');
        $this->assertNotSame('', $url, "the parent printed {$line}");
        $children = self::childrenOf($pid);
        $this->assertCount(1, $children, 'the parent runs one server');
        $this->pids[] = $children[0];
        return [['process' => $process, 'pid' => $pid], $url, $children[0]];
    }

    /** @return list<int> */
    private static function childrenOf(int $pid): array
    {
        $children = [];
        foreach (glob('/proc/[0-9]*/stat') ?: [] as $file) {
            $stat = (string) @file_get_contents($file);
            if (preg_match('/^(\d+) \(.*\) \S (\d+) /s', $stat, $match) === 1 && (int) $match[2] === $pid) {
                $children[] = (int) $match[1];
            }
        }
        return $children;
    }

    /** Whether the process is there and not a zombie (an orphan's end is reaped by its adopter). */
    private static function running(int $pid): bool
    {
        $stat = @file_get_contents("/proc/{$pid}/stat");
        return $stat !== false && preg_match('/^\d+ \(.*\) Z /s', $stat) !== 1;
    }

    private static function answers(string $url): bool
    {
        $curl = curl_init("{$url}/healthz");
        curl_setopt_array($curl, [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 2]);
        curl_exec($curl);
        return curl_getinfo($curl, CURLINFO_RESPONSE_CODE) === 200;
    }
}
