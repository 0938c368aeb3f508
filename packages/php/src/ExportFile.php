<?php

declare(strict_types=1);

namespace Rankquill;

use Rankquill\Exception\UnexpectedValueException;
use Rankquill\Internal\FileSink;
use Rankquill\HttpClient\HttpResponse;

/**
 * A file the API answered (an export, a bulk-export download), already streamed to where the
 * call said: a path, a stream of yours, or by default a temporary stream that keeps at most
 * 2 MiB in memory and the rest on disk. A large export never has to fit in memory.
 *
 * @example
 * $file = $client->content->export($projectId, ['format' => 'csv'], '/tmp/articles.csv');
 * echo $file->filename, ' ', $file->size; // acme-content-2026-01-31.csv 48213
 *
 * $file = $client->content->export($projectId, ['format' => 'json']);
 * $document = $file->json();
 */
final class ExportFile
{
    /** The name the server suggests saving the file under (`Content-Disposition`), when it gave one. */
    public readonly ?string $filename;
    /** The media type without its parameters, such as `text/csv` or `application/zip`. */
    public readonly ?string $contentType;
    /** Bytes received. */
    public readonly int $size;
    /** The path the file was saved to, when the call gave one. */
    public readonly ?string $path;
    /** `X-Request-Id` of the answer. */
    public readonly ?string $requestId;
    /** @var resource|null */
    private $stream;
    private readonly bool $readable;

    /**
     * @internal Export methods build these; there is no need to construct one.
     */
    public function __construct(HttpResponse $response, FileSink $sink, bool $ownStream)
    {
        $this->filename = self::filenameOf($response->header('content-disposition'));
        $type = trim(explode(';', $response->header('content-type') ?? '')[0]);
        $this->contentType = $type === '' ? null : $type;
        $this->size = $sink->bytes();
        $this->path = $sink->path();
        $this->requestId = $response->header('x-request-id');
        $this->stream = $sink->stream();
        $this->readable = $ownStream;
    }

    /**
     * The stream holding the file, at its start: the temporary one, or the one you passed.
     * For a file saved to a path, that file opened for reading.
     *
     * @example
     * $stream = $file->getStream();
     * while (!feof($stream)) { echo fread($stream, 65536); }
     *
     * @return resource
     */
    public function getStream(): mixed
    {
        if ($this->path !== null) {
            $stream = fopen($this->path, 'rb');
            if ($stream === false) {
                throw new UnexpectedValueException("Cannot open {$this->path} for reading.");
            }
            return $stream;
        }
        if ($this->readable) {
            rewind($this->stream);
        }
        return $this->stream;
    }

    /**
     * The whole file as a string. For a large file prefer `saveTo()` or `getStream()`.
     *
     * @example
     * $csv = $client->keywords->export($projectId)->text();
     */
    public function text(): string
    {
        $this->requireReadable('text()');
        if ($this->path !== null) {
            return (string) file_get_contents($this->path);
        }
        rewind($this->stream);
        return (string) stream_get_contents($this->stream);
    }

    /**
     * The whole file decoded from JSON, objects as associative arrays.
     *
     * @example
     * $document = $client->aiVisibility->export($projectId)->json();
     * echo $document['visibility']['score'];
     */
    public function json(): mixed
    {
        try {
            return json_decode($this->text(), true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $e) {
            throw new UnexpectedValueException(
                "The file is not JSON ({$e->getMessage()}); its type is {$this->contentType}.",
                0,
                $e,
            );
        }
    }

    /**
     * Copies the file to a path, chunk by chunk, and answers the bytes written.
     *
     * @example
     * $file->saveTo('/var/exports/' . ($file->filename ?? 'export.bin'));
     */
    public function saveTo(string $path): int
    {
        $this->requireReadable('saveTo()');
        $source = $this->getStream();
        $target = @fopen($path, 'wb');
        if ($target === false) {
            throw new UnexpectedValueException("Cannot open {$path} for writing.");
        }
        try {
            $copied = stream_copy_to_stream($source, $target);
        } finally {
            fclose($target);
            if ($this->path !== null) {
                fclose($source);
            }
        }
        if ($copied === false || $copied !== $this->size) {
            throw new UnexpectedValueException("Copying the file to {$path} stopped after {$copied} bytes.");
        }
        return $copied;
    }

    private function requireReadable(string $method): void
    {
        if ($this->path === null && !$this->readable) {
            throw new UnexpectedValueException(
                "The file was written to the stream you passed; read it from there. {$method} reads files kept in a "
                . "path or in the temporary stream.",
            );
        }
    }

    /** The file name of `attachment; filename="…"` (or RFC 6266 `filename*=UTF-8''…`). */
    private static function filenameOf(?string $disposition): ?string
    {
        if ($disposition === null) {
            return null;
        }
        if (preg_match("/filename\\*\\s*=\\s*UTF-8''([^;]+)/i", $disposition, $match) === 1) {
            $name = rawurldecode(trim($match[1]));
            if ($name !== '' && mb_check_encoding($name, 'UTF-8')) {
                return basename($name);
            }
        }
        if (preg_match('/filename\s*=\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\s]+))/i', $disposition, $match) === 1) {
            $name = $match[1] !== '' ? (string) preg_replace('/\\\\(.)/', '$1', $match[1]) : ($match[2] ?? '');
            return $name === '' ? null : basename($name);
        }
        return null;
    }
}
