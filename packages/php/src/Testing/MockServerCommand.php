<?php

declare(strict_types=1);

namespace Rankquill\Testing;

/**
 * Finds the `rankquill-mock` command, in this order: `RANKQUILL_MOCK_COMMAND` (or the
 * `command` option), the `@rankquill/mock-server` installed in a `node_modules` folder at or
 * above the working directory, then `npx` with the exact version this package was released
 * with (`MOCK_SERVER_VERSION`), never whatever is latest. The last two need Node 22.13 or later
 * on `PATH`.
 *
 * @internal MockServer::start() uses it.
 */
final class MockServerCommand
{
    public const MINIMUM_NODE = '22.13.0';
    /**
     * The `@rankquill/mock-server` this package goes with: the version of the repository's
     * `mock-server/package.json`, which MockServerCommandTest checks it against.
     */
    public const MOCK_SERVER_VERSION = '0.1.0';
    private const PACKAGE = '@rankquill/mock-server';
    public const INSTALL_HINT = 'npm install --save-dev ' . self::PACKAGE . '@' . self::MOCK_SERVER_VERSION;

    /**
     * The command line that starts `rankquill-mock` with `$arguments`, run without a shell
     * except for an explicit command, which is a shell command line.
     *
     * @param list<string> $arguments
     * @return list<string>
     */
    public static function find(array $arguments, ?string $explicit = null, ?string $directory = null): array
    {
        $explicit ??= self::environment('RANKQUILL_MOCK_COMMAND');
        if ($explicit !== null && trim($explicit) !== '') {
            return ['/bin/sh', '-c', 'exec ' . $explicit . ' "$@"', 'rankquill-mock', ...$arguments];
        }
        $node = self::node();
        $cli = self::installedCli($directory ?? (string) getcwd());
        if ($cli !== null) {
            return [$node, $cli, ...$arguments];
        }
        $npx = self::onPath('npx');
        if ($npx === null) {
            throw new MockServerException(
                'The Rankquill mock server was not found: no RANKQUILL_MOCK_COMMAND, no ' . self::PACKAGE
                . ' in node_modules, and no npx on PATH. Install it with `' . self::INSTALL_HINT . '`.',
            );
        }
        // Pinned: npx runs code from the registry, so never an unreviewed newer release.
        $package = self::PACKAGE . '@' . self::MOCK_SERVER_VERSION;
        return [$npx, '--yes', '--package', $package, 'rankquill-mock', ...$arguments];
    }

    /** `bin/rankquill-mock` of the nearest `node_modules/@rankquill/mock-server`, or null. */
    public static function installedCli(string $directory): ?string
    {
        for ($dir = $directory; $dir !== ''; $dir = dirname($dir)) {
            $manifest = $dir . '/node_modules/' . self::PACKAGE . '/package.json';
            if (is_file($manifest)) {
                $package = json_decode((string) file_get_contents($manifest), true);
                $bin = \is_array($package) ? ($package['bin']['rankquill-mock'] ?? null) : null;
                $cli = \is_string($bin) ? dirname($manifest) . '/' . preg_replace('#^\./#', '', $bin) : null;
                if ($cli !== null && is_file($cli)) {
                    return $cli;
                }
            }
            if (dirname($dir) === $dir) {
                break;
            }
        }
        return null;
    }

    /** The `node` on PATH when it is recent enough; a MockServerException that says what to do otherwise. */
    private static function node(): string
    {
        $node = self::onPath('node');
        if ($node === null) {
            throw new MockServerException(
                'The Rankquill mock server needs Node ' . self::MINIMUM_NODE . ' or later, and there is no `node` '
                . 'on PATH. Install Node (https://nodejs.org), then `' . self::INSTALL_HINT . '`; or set '
                . 'RANKQUILL_MOCK_COMMAND to a command that starts `rankquill-mock`.',
            );
        }
        $version = ltrim(trim((string) shell_exec(escapeshellarg($node) . ' --version 2>/dev/null')), 'v');
        if ($version === '' || version_compare($version, self::MINIMUM_NODE, '<')) {
            throw new MockServerException(sprintf(
                'The Rankquill mock server needs Node %s or later; `%s` is %s. Install a newer Node, or set '
                . 'RANKQUILL_MOCK_COMMAND to a command that starts `rankquill-mock`.',
                self::MINIMUM_NODE,
                $node,
                $version === '' ? 'not runnable' : "version {$version}",
            ));
        }
        return $node;
    }

    private static function onPath(string $program): ?string
    {
        foreach (explode(PATH_SEPARATOR, self::environment('PATH') ?? '') as $directory) {
            $candidate = ($directory === '' ? '.' : $directory) . '/' . $program;
            if (is_file($candidate) && is_executable($candidate)) {
                return $candidate;
            }
        }
        return null;
    }

    private static function environment(string $name): ?string
    {
        $value = getenv($name);
        return $value === false ? null : $value;
    }
}
