<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/**
 * A service that can hand the answers of its next calls to a recorder: what `withResponse()`
 * needs of it, so that WithResponse does not depend on the services it wraps.
 *
 * @internal
 */
interface RecordsResponses
{
    /** A copy of the service that records every answer it gets into `$recorder`. */
    public function recordingInto(ResponseRecorder $recorder): static;
}
