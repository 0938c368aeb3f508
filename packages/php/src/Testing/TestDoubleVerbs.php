<?php

declare(strict_types=1);

namespace Rankquill\Testing;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Model\AdminClearResult;
use Rankquill\Model\Fault;
use Rankquill\Model\FaultList;
use Rankquill\Model\RequestJournalEntry;

/**
 * The mock as a test double, on MockServer: faults (a status, a delay, a lost answer) for chosen
 * operations, and the journal of the requests the server received. Everything is scoped to the
 * handle's account (its main API key) and, for `publicArticles.get`, to its project's public key:
 * tests with fresh accounts on one server never see each other's faults or requests. The
 * UsesMockServer trait clears the test's faults after every test.
 *
 * `$operation` is a contract operation id (`content.create`, `projects.retrieve`,
 * `publicArticles.get`, …; api.md names the id of every method) or `*` for every operation.
 * `$times` is how many matching requests a fault applies to: 1 by default, null until removed.
 * Faults match in the order they were made, one per request.
 *
 * @example
 * $this->mock->fail('content.create', 503, times: 2);
 * $article = $this->mock->client()->content->create($this->mock->projectId, ['keyword' => 'cold brew']);
 * $attempts = $this->mock->requests('content.create'); // newest first: 202, 503, 503
 */
trait TestDoubleVerbs
{
    /**
     * Makes the next `$times` requests of this account to `$operation` answer `$status` (429,
     * 500, 502, 503 or 504) with the service's own error body and headers; a 429 carries
     * `Retry-After: 1` unless `$headers` sets another. Answers the fault as the server made it.
     *
     * @example
     * $this->mock->fail('content.create', 503, times: 2); // the client's third attempt succeeds
     * $this->mock->fail('projects.retrieve', 429, headers: ['Retry-After' => '2']);
     *
     * @param array<string, string> $headers headers to add to the answer or override in it
     * @throws InvalidArgumentException when the server refuses the fault (it names the field; an
     *     unknown operation id lists the valid ones)
     */
    public function fail(string $operation, int $status, ?int $times = 1, array $headers = []): Fault
    {
        $action = $headers === [] ? ['status' => $status] : ['status' => $status, 'headers' => $headers];
        return $this->makeFault("fail('{$operation}', {$status})", $operation, $action, $times);
    }

    /**
     * Holds the next `$times` requests of this account to `$operation` for `$ms` milliseconds of
     * real time (1 to 120,000; the manual clock does not move), then answers them for real.
     *
     * @example
     * $this->mock->delay('projects.retrieve', 3000); // longer than a client's 'timeout' => 0.5
     *
     * @throws InvalidArgumentException when the server refuses the fault
     */
    public function delay(string $operation, int $ms, ?int $times = 1): Fault
    {
        return $this->makeFault("delay('{$operation}', {$ms})", $operation, ['delay_ms' => $ms], $times);
    }

    /**
     * Closes the connection of the next `$times` requests of this account to `$operation` with no
     * answer. With `$afterCommit` (the default) the operation runs and commits first: the lost
     * answer, which a retry with the same `Idempotency-Key` gets replayed. Without it the
     * connection closes before the operation runs, and nothing changes.
     *
     * @example
     * $this->mock->disconnect('content.create'); // the client retries; one article is made
     * $this->mock->disconnect('content.create', afterCommit: false, times: null);
     *
     * @throws InvalidArgumentException when the server refuses the fault
     */
    public function disconnect(string $operation, bool $afterCommit = true, ?int $times = 1): Fault
    {
        $when = $afterCommit ? 'after' : 'before';
        return $this->makeFault("disconnect('{$operation}')", $operation, ['disconnect' => $when], $times);
    }

    /**
     * Runs `$during` while `$operation` answers `$status`, then removes the fault, even when
     * `$during` throws or the fault has no end (`times: null`). Answers what `$during` answers.
     *
     * @example
     * $this->mock->failing('content.create', 500, function () use ($client): void {
     *     $this->expectException(\Rankquill\Exception\InternalServerException::class);
     *     $client->content->create($this->mock->projectId, ['keyword' => 'moka pot']);
     * }, times: null);
     *
     * @template T
     * @param \Closure(Fault): T $during called with the fault
     * @param array<string, string> $headers headers to add to the answer or override in it
     * @return T
     */
    public function failing(
        string $operation,
        int $status,
        \Closure $during,
        ?int $times = 1,
        array $headers = [],
    ): mixed {
        $fault = $this->fail($operation, $status, $times, $headers);
        try {
            return $during($fault);
        } finally {
            try {
                $this->removeFault($fault);
            } catch (MockServerException $gone) {
                // Ran out of `times` already: it is gone either way.
                if ($gone->status !== 404) {
                    throw $gone;
                }
            }
        }
    }

    /**
     * This account's active faults (and its project's public key's), in the order they match.
     *
     * @example
     * $this->assertSame([], $this->mock->faults());
     *
     * @return list<Fault>
     */
    public function faults(): array
    {
        return FaultList::fromArray(AdminCall::send($this->url, 'admin.faults.list', query: $this->scope()))->data;
    }

    /**
     * Removes one fault; one that already ran out of `times` is a MockServerException with status 404.
     *
     * @example
     * $fault = $this->mock->fail('content.list', 502, times: null);
     * $this->mock->removeFault($fault); // or its id, 'flt_…'
     */
    public function removeFault(Fault|string $fault): void
    {
        AdminCall::send($this->url, 'admin.faults.delete', ids: [\is_string($fault) ? $fault : $fault->id]);
    }

    /**
     * Removes every fault of this account and of its project's public key; answers how many went.
     * UsesMockServer calls it after every test.
     *
     * @example
     * $this->mock->clearFaults(); // 2
     */
    public function clearFaults(): int
    {
        return AdminClearResult::fromArray(AdminCall::send($this->url, 'admin.faults.clear', query: $this->scope()))
            ->deleted;
    }

    /**
     * The requests of this account and of its project's public key, newest first, as the server's
     * journal recorded them: request id, mock-clock time, operation, method, path, query,
     * `Idempotency-Key`, parsed JSON body, status (null for a closed connection), duration and
     * the fault that applied. Keys and secrets show by their first 8 characters only.
     *
     * @example
     * $attempts = $this->mock->requests('content.create');
     * $this->assertCount(1, array_unique(array_map(fn ($entry) => $entry->idempotency_key, $attempts)));
     *
     * @param string|null $operation only the requests of this operation id
     * @return list<RequestJournalEntry>
     * @throws InvalidArgumentException for an operation id the contract does not have
     */
    public function requests(?string $operation = null): array
    {
        $query = $this->scope() + ['limit' => 100] + ($operation === null ? [] : ['operation' => $operation]);
        $entries = [];
        for ($offset = 0;; $offset += 100) {
            $paged = ['offset' => $offset] + $query;
            $send = fn (): array => AdminCall::send($this->url, 'admin.requests.list', query: $paged);
            $page = $this->refusedAsInvalid("requests('{$operation}')", $send);
            foreach ($page['data'] as $entry) {
                $entries[] = RequestJournalEntry::fromArray($entry);
            }
            if (!($page['pagination']['has_more'] ?? false)) {
                return $entries;
            }
        }
    }

    /**
     * Forgets this account's requests (and its project's public key's) in the journal; answers how many went.
     *
     * @example
     * $this->mock->clearRequests();
     * $this->assertSame([], $this->mock->requests());
     */
    public function clearRequests(): int
    {
        return AdminClearResult::fromArray(AdminCall::send($this->url, 'admin.requests.clear', query: $this->scope()))
            ->deleted;
    }

    /**
     * @param array<string, mixed> $action the fault's `status` (and `headers`), `delay_ms` or `disconnect`
     */
    private function makeFault(string $call, string $operation, array $action, ?int $times): Fault
    {
        // The public article API is called with the project's public key, everything else with the account's.
        $scope = $operation === 'publicArticles.get'
            ? ['public_api_key' => $this->publicApiKey]
            : ['api_key' => $this->apiKey];
        $body = ['operation' => $operation] + $scope + $action + ['times' => $times];
        return Fault::fromArray(
            $this->refusedAsInvalid($call, fn (): array => AdminCall::send($this->url, 'admin.faults.create', $body)),
        );
    }

    /**
     * A 400 of the server (a mistake in the call) as an InvalidArgumentException naming the call.
     *
     * @param \Closure(): array<string, mixed> $send
     * @return array<string, mixed>
     */
    private function refusedAsInvalid(string $call, \Closure $send): array
    {
        try {
            return $send();
        } catch (MockServerException $refused) {
            if ($refused->status !== 400) {
                throw $refused;
            }
            throw new InvalidArgumentException("{$call} was refused: " . lcfirst($refused->getMessage()), 0, $refused);
        }
    }

    /** @return array{api_key: string, public_api_key: string} */
    private function scope(): array
    {
        return ['api_key' => $this->apiKey, 'public_api_key' => $this->publicApiKey];
    }
}
