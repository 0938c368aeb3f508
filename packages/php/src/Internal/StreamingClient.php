<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\HttpClient\HttpRequest;
use Rankquill\HttpClient\HttpResponse;
use Rankquill\HttpClient\TransportException;

/**
 * @internal A client that can write a 2xx body to a file as it arrives; any other client's
 * answer is written there once complete.
 */
interface StreamingClient
{
    /**
     * Like `send()`, but a 2xx body goes to `$sink` (the answer's body is then empty); a download
     * that stalls for the request's timeout fails.
     *
     * @throws TransportException
     */
    public function sendTo(HttpRequest $request, FileSink $sink): HttpResponse;
}
