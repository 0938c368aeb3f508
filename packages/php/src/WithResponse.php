<?php

declare(strict_types=1);

namespace Rankquill;

use Rankquill\Internal\RecordsResponses;
use Rankquill\Internal\ResponseRecorder;

/**
 * Calls any method of a service and answers an `ApiResponse`: the method's usual result as
 * `data`, with the status, headers, request id and rate-limit figures of its answer (for
 * `createAndWait()`, of its last request). Every method of every service offers it.
 *
 * @example
 * $response = $client->projects->withResponse()->retrieve('proj_123');
 * echo $response->data->name, ' ', $response->requestId;
 *
 * @template TService of \Rankquill\Service\AbstractService
 * @mixin TService
 */
final class WithResponse
{
    /**
     * @internal Made by `withResponse()`; there is no need to construct one.
     *
     * @param TService $service
     */
    public function __construct(private readonly RecordsResponses $service)
    {
    }

    /**
     * @example
     * $client->content->withResponse()->create('proj_123', ['keyword' => 'cold brew']);
     *
     * @param array<int|string, mixed> $arguments
     */
    public function __call(string $method, array $arguments): ApiResponse
    {
        if (\in_array($method, ['withResponse', 'recordingInto'], true) || !\is_callable([$this->service, $method])) {
            throw new Exception\InvalidArgumentException(sprintf(
                '%s has no method %s() to call with its response.',
                $this->service::class,
                $method,
            ));
        }
        $recorder = new ResponseRecorder();
        $data = $this->service->recordingInto($recorder)->{$method}(...$arguments);
        $last = $recorder->last();
        return new ApiResponse($data, $last->status, $last->headers());
    }
}
