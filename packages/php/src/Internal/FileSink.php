<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\InvalidArgumentException;

/**
 * @internal Where a streamed answer goes, chunk by chunk as it arrives: a file path (created
 * when the answer turns out to be a success, removed when the download breaks off), a writable
 * stream of the caller's, or by default a `php://temp` stream that spills to disk past 2 MiB.
 */
final class FileSink
{
    private const MEMORY_LIMIT_BYTES = 2 * 1024 * 1024;

    /** @var resource|null */
    private $stream;
    private int $bytes = 0;
    private ?string $error = null;

    /**
     * @param resource|null $stream
     */
    private function __construct(
        $stream,
        private readonly ?string $path,
        private readonly bool $isTemporary,
    ) {
        $this->stream = $stream;
    }

    /**
     * @param mixed $target null, a file path, or a writable stream resource
     */
    public static function of(mixed $target): self
    {
        if ($target === null) {
            $stream = fopen('php://temp/maxmemory:' . self::MEMORY_LIMIT_BYTES, 'w+b');
            return new self($stream, null, true);
        }
        if (\is_string($target) && $target !== '') {
            $folder = \dirname($target);
            if (!is_dir($folder) || !is_writable($folder)) {
                throw new InvalidArgumentException(sprintf(
                    'Cannot save the file to %s: the folder %s does not exist or is not writable.',
                    $target,
                    $folder,
                ));
            }
            return new self(null, $target, false);
        }
        if (\is_resource($target) && get_resource_type($target) === 'stream') {
            $mode = stream_get_meta_data($target)['mode'];
            if (strpbrk($mode, 'waxc+') === false) {
                throw new InvalidArgumentException(sprintf(
                    'The stream to save the file to is open for reading only (mode "%s"); open it with "wb".',
                    $mode,
                ));
            }
            return new self($target, null, false);
        }
        throw new InvalidArgumentException(sprintf(
            'Pass a file path or a writable stream to save the file to, or null to keep it in a temporary stream; '
            . 'got %s.',
            get_debug_type($target),
        ));
    }

    /** Writes a chunk; false (with `error()` set) when the destination refused it. */
    public function write(string $chunk): bool
    {
        if ($this->stream === null) {
            $this->open();
            if ($this->stream === null) {
                return false;
            }
        }
        $length = \strlen($chunk);
        $written = 0;
        while ($written < $length) {
            $count = @fwrite($this->stream, $written === 0 ? $chunk : substr($chunk, $written));
            if ($count === false || $count === 0) {
                $this->error = sprintf(
                    'writing to %s failed after %d bytes',
                    $this->describe(),
                    $this->bytes + $written,
                );
                return false;
            }
            $written += $count;
        }
        $this->bytes += $length;
        return true;
    }

    /** Completes a successful download: an empty answer still creates its file. */
    public function finish(): void
    {
        if ($this->stream === null) {
            $this->open();
        }
        if ($this->stream === null) {
            return;
        }
        if ($this->path !== null) {
            fclose($this->stream);
            $this->stream = null;
        } else {
            fflush($this->stream);
            if ($this->isTemporary) {
                rewind($this->stream);
            }
        }
    }

    /** Drops what a broken download wrote, where the sink owns the destination. */
    public function discard(): void
    {
        if ($this->path !== null) {
            if ($this->stream !== null) {
                fclose($this->stream);
                $this->stream = null;
            }
            if ($this->bytes > 0 || is_file($this->path)) {
                @unlink($this->path);
            }
        } elseif ($this->isTemporary && $this->stream !== null) {
            ftruncate($this->stream, 0);
            rewind($this->stream);
        }
        $this->bytes = 0;
    }

    public function bytes(): int
    {
        return $this->bytes;
    }

    public function error(): ?string
    {
        return $this->error;
    }

    public function path(): ?string
    {
        return $this->path;
    }

    /** @return resource|null the stream the file is in, unless it went to a path */
    public function stream(): mixed
    {
        return $this->path === null ? $this->stream : null;
    }

    private function open(): void
    {
        if ($this->path === null) {
            return;
        }
        $stream = @fopen($this->path, 'wb');
        if ($stream === false) {
            $this->error = sprintf('cannot open %s for writing', $this->path);
            return;
        }
        $this->stream = $stream;
    }

    private function describe(): string
    {
        return $this->path ?? ($this->isTemporary ? 'the temporary stream' : 'the given stream');
    }
}
