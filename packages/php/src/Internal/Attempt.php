<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/**
 * @internal The outcome of one try: an answer (any status), or why none came.
 */
final class Attempt
{
    public function __construct(
        public readonly ?HttpResponse $response,
        public readonly int $curlErrno,
        public readonly string $curlError,
        /** A 2xx body had begun to reach the file sink. */
        public readonly bool $sinkStarted,
        /** The file sink refused a chunk. */
        public readonly ?string $sinkError,
    ) {
    }
}
