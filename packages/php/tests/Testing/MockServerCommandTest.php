<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Testing\MockServer;
use Rankquill\Testing\MockServerCommand;
use Rankquill\Testing\MockServerException;
use Rankquill\Tests\Support\ReferenceServer;

/** How MockServer finds the server: explicit command, node_modules, npx; and what it says when it cannot. */
final class MockServerCommandTest extends TestCase
{
    private string $folder;
    /** @var array<string, string|false> */
    private array $saved = [];

    protected function setUp(): void
    {
        $this->folder = sys_get_temp_dir() . '/rankquill-mock-command-' . bin2hex(random_bytes(4));
        mkdir($this->folder . '/app/tests', 0777, true);
        foreach (['PATH', 'RANKQUILL_MOCK_COMMAND'] as $name) {
            $this->saved[$name] = getenv($name);
        }
    }

    protected function tearDown(): void
    {
        foreach ($this->saved as $name => $value) {
            putenv($value === false ? $name : "{$name}={$value}");
        }
        exec('rm -rf ' . escapeshellarg($this->folder));
    }

    public function testTheEnvironmentCommandComesFirst(): void
    {
        putenv('RANKQUILL_MOCK_COMMAND=' . MockServerTest::repositoryCommand());
        $command = MockServerCommand::find(['serve'], null, $this->folder);
        $this->assertSame(['/bin/sh', '-c'], \array_slice($command, 0, 2));
        $this->assertStringContainsString('mock-server/dist/cli.js', $command[2]);
    }

    public function testTheProjectsNodeModulesPackageIsFoundFromASubfolder(): void
    {
        putenv('RANKQUILL_MOCK_COMMAND');
        mkdir($this->folder . '/app/node_modules/@rankquill', 0777, true);
        $package = $this->folder . '/app/node_modules/@rankquill/mock-server';
        symlink(ReferenceServer::repositoryRoot() . '/mock-server', $package);
        $cli = MockServerCommand::installedCli($this->folder . '/app/tests');
        $this->assertSame("{$package}/dist/cli.js", $cli);

        $cwd = (string) getcwd();
        chdir($this->folder . '/app/tests');
        try {
            $mock = MockServer::start();
        } finally {
            chdir($cwd);
        }
        try {
            $this->assertSame([], $mock->client()->content->list($mock->projectId)->data);
        } finally {
            $mock->stop();
        }
    }

    public function testNoNodeOnPathNamesWhatIsMissingAndTheInstallCommand(): void
    {
        putenv('RANKQUILL_MOCK_COMMAND');
        putenv('PATH=' . $this->folder);
        try {
            MockServerCommand::find(['serve'], null, $this->folder);
            $this->fail('no error without node');
        } catch (MockServerException $error) {
            $this->assertStringContainsString('Node 22.13.0 or later', $error->getMessage());
            $this->assertStringContainsString('npm install --save-dev @rankquill/mock-server', $error->getMessage());
        }
    }

    public function testAnOldNodeIsNamedWithItsVersion(): void
    {
        putenv('RANKQUILL_MOCK_COMMAND');
        file_put_contents($this->folder . '/node', "#!/bin/sh\necho v20.20.2\n");
        chmod($this->folder . '/node', 0755);
        putenv('PATH=' . $this->folder);
        $this->expectException(MockServerException::class);
        $this->expectExceptionMessage('is version 20.20.2');
        MockServerCommand::find(['serve'], null, $this->folder);
    }

    private static function mockServerVersion(): string
    {
        $path = ReferenceServer::repositoryRoot() . '/mock-server/package.json';
        return (string) json_decode((string) file_get_contents($path), true)['version'];
    }

    public function testThePinnedVersionIsTheMockServerPackagesOwn(): void
    {
        $this->assertSame(
            self::mockServerVersion(),
            MockServerCommand::MOCK_SERVER_VERSION,
            'set MockServerCommand::MOCK_SERVER_VERSION (and the Ruby gem\'s) to mock-server/package.json\'s version',
        );
        $this->assertSame(
            'npm install --save-dev @rankquill/mock-server@' . self::mockServerVersion(),
            MockServerCommand::INSTALL_HINT,
        );
    }

    public function testNpxRunsTheExactVersionThisPackageGoesWith(): void
    {
        putenv('RANKQUILL_MOCK_COMMAND');
        $package = '@rankquill/mock-server@' . self::mockServerVersion();
        $node = trim((string) shell_exec('command -v ' . escapeshellarg(getenv('RANKQUILL_NODE') ?: 'node')));
        symlink($node, $this->folder . '/node');
        // An npx that runs the checkout's CLI, and only for the pinned package: never another one.
        $cli = ReferenceServer::repositoryRoot() . '/mock-server/dist/cli.js';
        file_put_contents($this->folder . '/npx', implode("\n", [
            '#!/bin/sh',
            'if [ "$1 $2 $3 $4" != "--yes --package ' . $package . ' rankquill-mock" ]; then',
            '  echo "npx was asked for: $*" >&2; exit 2',
            'fi',
            'shift 4',
            'exec ' . escapeshellarg($node) . ' ' . escapeshellarg($cli) . ' "$@"',
        ]) . "\n");
        chmod($this->folder . '/npx', 0755);
        putenv('PATH=' . $this->folder);

        $command = MockServerCommand::find(['serve', '--port', '0'], null, $this->folder . '/app');
        $this->assertSame(
            [$this->folder . '/npx', '--yes', '--package', $package, 'rankquill-mock', 'serve', '--port', '0'],
            $command,
        );
        $cwd = (string) getcwd();
        chdir($this->folder . '/app');
        try {
            $mock = MockServer::start();
        } finally {
            chdir($cwd);
        }
        try {
            $this->assertSame([], $mock->client()->content->list($mock->projectId)->data);
        } finally {
            $mock->stop();
        }
    }

    public function testACommandThatIsNotTheServerFailsWithItsOutput(): void
    {
        $this->expectException(MockServerException::class);
        $this->expectExceptionMessage('printed no ready line');
        MockServer::start(['command' => 'echo not a server; false', 'timeout' => 5]);
    }
}
