<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/**
 * @internal Why a try got no answer: curl's error, or the file sink refusing a chunk.
 */
final class NoAnswer
{
    public function __construct(
        public readonly int $curlErrno,
        public readonly string $curlError,
        /** The file sink refused a chunk. */
        public readonly ?string $sinkError,
    ) {
    }
}
