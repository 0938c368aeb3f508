<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Internal\Operations;

/**
 * Driven by the generated operation table (generated/Internal/Operations.php): every operation
 * a client of this package should call has a method that calls it, every operation a method
 * names is in the table, and no hand-written client file types a path or an HTTP method. An
 * operation added to the contract fails here until a method calls it.
 */
final class OperationCoverageTest extends TestCase
{
    /** Where each kind of client lives (the table's `client` field); `none` is called by no client. */
    private const FILES_OF_CLIENT = [
        'main' => ['src/Service'],
        'public-articles' => ['src/PublicArticles.php'],
        'testing' => ['src/Testing'],
    ];

    /** Calls that take an operation id: AbstractService::request(), page(); Endpoint::of(), at(); AdminCall::send(). */
    private const CALLS_TAKING_AN_OPERATION = ['request', 'page', 'of', 'at', 'send'];

    /** Hand-written client files, which must get paths and methods from the table. */
    private const CLIENT_FILES = ['src/Service', 'src/Testing', 'src/PublicArticles.php', 'src/RankquillClient.php'];

    public function testEveryOperationOfAClientsKindHasAMethodThatCallsIt(): void
    {
        $missing = [];
        foreach (Operations::TABLE as $id => $operation) {
            $folders = self::FILES_OF_CLIENT[$operation['client']] ?? null;
            if ($folders === null) {
                $this->assertSame('none', $operation['client'], "{$id}: a client kind this test does not know");
                continue;
            }
            if (!\in_array($id, array_column(self::operationCalls($folders), 'id'), true)) {
                $missing[] = "{$id} ({$operation['method']} {$operation['path']}, client {$operation['client']})";
            }
        }
        $this->assertSame([], $missing, 'Operations no method calls: ' . implode('; ', $missing));
    }

    public function testEveryOperationAMethodNamesIsInTheTable(): void
    {
        $calls = self::operationCalls(['src']);
        $called = array_filter(Operations::TABLE, static fn (array $spec): bool => $spec['client'] !== 'none');
        $this->assertGreaterThanOrEqual(\count($called), \count($calls), 'the scan finds the calls');
        foreach ($calls as $call) {
            $this->assertArrayHasKey($call['id'], Operations::TABLE, "{$call['where']} names {$call['id']}");
        }
    }

    public function testNoHandWrittenClientFileTypesAPathOrAMethod(): void
    {
        $prefixes = [];
        foreach (Operations::TABLE as $operation) {
            $prefix = strstr($operation['path'] . '{', '{', true);
            if ($prefix !== '' && $prefix !== '/') {
                $prefixes[$prefix] = true;
            }
        }
        foreach (self::files(self::CLIENT_FILES) as $file) {
            foreach (token_get_all((string) file_get_contents($file)) as $token) {
                if (!\is_array($token) || $token[0] !== T_CONSTANT_ENCAPSED_STRING) {
                    continue;
                }
                $text = substr($token[1], 1, -1);
                $where = self::relative($file) . ':' . $token[2];
                $this->assertNotContains($text, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], "{$where} types a method");
                foreach (array_keys($prefixes) as $prefix) {
                    $this->assertStringNotContainsString($prefix, $text, "{$where} types a path");
                }
            }
        }
    }

    /**
     * Operation ids passed as literals to the calls that take one, with where they are.
     *
     * @param list<string> $paths files or folders under the package
     * @return list<array{id: string, where: string}>
     */
    private static function operationCalls(array $paths): array
    {
        $calls = [];
        foreach (self::files($paths) as $file) {
            $tokens = array_values(array_filter(
                token_get_all((string) file_get_contents($file)),
                static fn ($token): bool => !\is_array($token)
                    || !\in_array($token[0], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT], true),
            ));
            foreach ($tokens as $index => $token) {
                if (
                    !\is_array($token) || $token[0] !== T_STRING || ($tokens[$index + 1] ?? null) !== '('
                    || !\in_array($token[1], self::CALLS_TAKING_AN_OPERATION, true)
                ) {
                    continue;
                }
                $depth = 0;
                for ($at = $index + 1; $at < \count($tokens); $at++) {
                    $inner = $tokens[$at];
                    if ($inner === '(' || $inner === '[') {
                        $depth++;
                    } elseif ($inner === ')' || $inner === ']') {
                        $depth--;
                    }
                    if ($depth === 0) {
                        break;
                    }
                    if (
                        \is_array($inner) && $inner[0] === T_CONSTANT_ENCAPSED_STRING
                        && preg_match('/^\'([a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*)+)\'$/', $inner[1], $match) === 1
                    ) {
                        $calls[] = ['id' => $match[1], 'where' => self::relative($file) . ':' . $inner[2]];
                    }
                }
            }
        }
        return $calls;
    }

    /**
     * @param list<string> $paths
     * @return list<string>
     */
    private static function files(array $paths): array
    {
        $files = [];
        foreach ($paths as $path) {
            $absolute = \dirname(__DIR__) . '/' . $path;
            if (is_file($absolute)) {
                $files[] = $absolute;
                continue;
            }
            $folder = new \RecursiveDirectoryIterator($absolute, \FilesystemIterator::SKIP_DOTS);
            foreach (new \RecursiveIteratorIterator($folder) as $entry) {
                if ($entry->getExtension() === 'php') {
                    $files[] = $entry->getPathname();
                }
            }
        }
        sort($files);
        return $files;
    }

    private static function relative(string $file): string
    {
        return substr($file, \strlen(\dirname(__DIR__)) + 1);
    }
}
