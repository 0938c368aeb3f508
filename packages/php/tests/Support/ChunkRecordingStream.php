<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * A `chunks://` stream that keeps the size of every write, to show that a download reaches its
 * destination piece by piece as it arrives rather than as one string held in memory.
 */
final class ChunkRecordingStream
{
    /** @var list<int> */
    public static array $writes = [];

    /** @var resource|null */
    public $context;

    public static function register(): void
    {
        if (!\in_array('chunks', stream_get_wrappers(), true)) {
            stream_wrapper_register('chunks', self::class);
        }
        self::$writes = [];
    }

    public function stream_open(string $path, string $mode, int $options, ?string &$openedPath): bool
    {
        return true;
    }

    public function stream_write(string $data): int
    {
        self::$writes[] = \strlen($data);
        return \strlen($data);
    }

    public function stream_eof(): bool
    {
        return false;
    }

    public function stream_flush(): bool
    {
        return true;
    }

    /** @return array<string, int> */
    public function stream_stat(): array
    {
        return [];
    }
}
