<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\HttpClient\HttpResponse;

/**
 * @internal Keeps the last answer a service received while `withResponse()` runs a method.
 */
final class ResponseRecorder
{
    private ?HttpResponse $last = null;

    public function record(HttpResponse $response): void
    {
        $this->last = $response;
    }

    public function last(): HttpResponse
    {
        return $this->last ?? throw new \LogicException('The call made no request.');
    }
}
