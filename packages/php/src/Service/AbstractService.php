<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Exception\UnexpectedValueException;
use Rankquill\ExportFile;
use Rankquill\Internal\Endpoint;
use Rankquill\Internal\FileSink;
use Rankquill\HttpClient\HttpResponse;
use Rankquill\Internal\HttpTransport;
use Rankquill\Internal\RecordsResponses;
use Rankquill\Internal\RequestOptions;
use Rankquill\Internal\ResponseRecorder;
use Rankquill\Model\Pagination;
use Rankquill\Page;
use Rankquill\RankquillObject;
use Rankquill\WithResponse;

/**
 * Base of every service: the verbs turned into API calls. Every method takes a last
 * `$options` array: `timeout` (seconds), `max_retries`, `headers` (name => value, null removes
 * one) and, on POSTs, `idempotency_key`.
 *
 * @example
 * $response = $client->projects->withResponse()->retrieve('proj_123'); // every service records its answers
 * echo $response->requestId; // req_…
 */
abstract class AbstractService implements RecordsResponses
{
    private ?ResponseRecorder $recorder = null;

    /**
     * @internal The client creates its services; there is no need to construct one.
     */
    public function __construct(protected readonly HttpTransport $transport)
    {
    }

    /**
     * The same methods, each answering an `ApiResponse` (data, status, headers, request id,
     * rate limit) instead of the data alone.
     *
     * @example
     * $response = $client->projects->withResponse()->retrieve('proj_123');
     * echo $response->requestId, ' ', $response->rateLimit?->remaining;
     *
     * @return WithResponse<static>
     */
    public function withResponse(): WithResponse
    {
        return new WithResponse($this);
    }

    /**
     * @internal Used by `withResponse()`: a copy of the service that records its answers.
     */
    public function recordingInto(ResponseRecorder $recorder): static
    {
        $copy = clone $this;
        $copy->recorder = $recorder;
        return $copy;
    }

    /**
     * Sends a call of the operation table and builds the model of its JSON answer.
     *
     * @template T of RankquillObject
     * @param class-string<T> $class
     * @param string $operation its id in the contract, such as `content.retrieve`
     * @param list<string> $ids the path parameters, in the operation's order
     * @param array<string, mixed> $options
     * @param array<string, mixed>|RankquillObject|null $body
     * @param array<string, mixed> $query
     * @return T
     */
    protected function request(
        string $class,
        string $operation,
        array $ids = [],
        array $options = [],
        array|RankquillObject|null $body = null,
        array $query = [],
    ): RankquillObject {
        $endpoint = Endpoint::of($operation, $ids);
        $response = $this->send($endpoint, $query, $body, $options === [] ? [] : RequestOptions::check($options));
        return new $class(self::decode($response));
    }

    /**
     * Sends a list call and answers its first page; later pages are fetched with the same
     * filters and options.
     *
     * @template T of RankquillObject
     * @param class-string<T> $class the model of an item
     * @param list<string> $ids the path parameters, in the operation's order
     * @param array<string, mixed> $params limit, offset and filters
     * @param array<string, mixed> $options
     * @return Page<T>
     */
    protected function page(string $class, string $operation, array $ids, array $params, array $options): Page
    {
        $endpoint = Endpoint::of($operation, $ids);
        RequestOptions::check($options);
        $fetch = function (array $query) use ($class, $endpoint, $options, &$fetch): Page {
            return $this->buildPage($class, $this->send($endpoint, $query, null, $options), $query, $fetch);
        };
        return $fetch($params);
    }

    /**
     * Sends a call whose answer is a file, and streams it to `$sink` as it arrives.
     *
     * @param mixed $sink null (a temporary stream), a file path, or a writable stream resource
     * @param array<string, mixed> $query
     * @param array<string, mixed> $options
     */
    protected function streamFile(Endpoint $endpoint, array $query, mixed $sink, array $options): ExportFile
    {
        $target = FileSink::of($sink);
        $response = $this->send($endpoint, $query, null, RequestOptions::check($options), $target);
        return new ExportFile($response, $target, $sink === null);
    }

    /**
     * @param array<string, mixed>|RankquillObject $params
     * @return array<string, mixed>
     */
    protected static function fields(array|RankquillObject $params): array
    {
        return $params instanceof RankquillObject ? $params->toArray() : $params;
    }

    /**
     * @param array<string, mixed> $query
     * @param array<string, mixed>|RankquillObject|null $body
     * @param array<string, mixed> $options
     */
    private function send(
        Endpoint $endpoint,
        array $query,
        array|RankquillObject|null $body,
        array $options,
        ?FileSink $sink = null,
    ): HttpResponse {
        $response = $this->transport->send(
            $endpoint,
            $query,
            $body instanceof RankquillObject ? $body->toArray() : $body,
            $options,
            $sink,
        );
        $this->recorder?->record($response);
        return $response;
    }

    /**
     * @template T of RankquillObject
     * @param class-string<T> $class
     * @param array<string, mixed> $query the query that produced the page
     * @return Page<T>
     */
    private function buildPage(string $class, HttpResponse $response, array $query, \Closure $fetch): Page
    {
        $envelope = self::decode($response);
        $items = [];
        foreach (\is_array($envelope['data'] ?? null) ? $envelope['data'] : [] as $item) {
            $items[] = \is_array($item) ? new $class($item) : $item;
        }
        $pagination = new Pagination(\is_array($envelope['pagination'] ?? null) ? $envelope['pagination'] : []);
        return new Page($items, $pagination, $fetch, $query);
    }

    /**
     * @return array<string, mixed>
     */
    protected static function decode(HttpResponse $response): array
    {
        try {
            $data = json_decode($response->body, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $e) {
            $data = null;
        }
        if (!\is_array($data)) {
            throw new UnexpectedValueException(sprintf(
                'The API answered %d with a body that is not a JSON object (request id %s); check that base_url '
                . 'points at the Rankquill API.',
                $response->status,
                $response->header('x-request-id') ?? 'unknown',
            ));
        }
        return $data;
    }
}
