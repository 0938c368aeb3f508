import type {
  Fault,
  FaultableOperationId,
  FaultCreateParams,
  FaultOperation,
  FaultStatus,
  RequestJournalEntry,
  RequestJournalList,
} from '@rankquill/contract';
import type { RunningServer } from '../runtime/server';
import { call, MockServerCallError } from './server-call';

/**
 * A fault made by a test: the server's answer, and a way to remove it. With `await using`, it is
 * removed when the block ends (a fault that already ran out of `times` is simply gone).
 *
 * @example
 * ```ts
 * {
 *   await using outage = await mock.fail('content.create', 503, { times: null });
 *   // every content.create of this account answers 503 here
 * }
 * // and no longer here
 * ```
 */
export interface ScopedFault extends Fault {
  /** Removes the fault; nothing happens when it already ran out of `times`. */
  remove(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** How many matching requests a fault applies to: default 1, `null` until it is removed. */
export interface FaultTimes {
  times?: number | null;
}

/**
 * The test double's verbs, scoped to one account and its project's public key: faults reach only
 * this account's requests (and this project's public article API requests), and the journal shows
 * only them, so tests with fresh accounts never meet.
 */
export interface TestDoubleVerbs {
  /**
   * Makes the next `times` (default 1; `null` until removed) requests of this account to
   * `operation` answer `status` (429, 500, 502, 503 or 504) with the service's own error body
   * and headers; a 429 carries `Retry-After: 1` unless `headers` sets another. `operation` is a
   * contract operation id or `*`; `publicArticles.get` is scoped to the project's public key.
   * @example await mock.fail('content.create', 503, { times: 2 }); // the third attempt succeeds
   */
  fail(
    operation: FaultOperation,
    status: FaultStatus,
    options?: FaultTimes & { headers?: Record<string, string> },
  ): Promise<ScopedFault>;
  /**
   * Holds the next `times` matching requests for `ms` milliseconds of real time (the mock clock
   * does not move), then answers them for real.
   * @example await mock.delay('content.retrieve', 5000); // longer than a client's 1 s timeout
   */
  delay(operation: FaultOperation, ms: number, options?: FaultTimes): Promise<ScopedFault>;
  /**
   * Closes the connection of the next `times` matching requests with no answer. With
   * `afterCommit` (the default) the operation runs and commits first: the lost answer, which a
   * retry with the same `Idempotency-Key` gets replayed; without, nothing changes.
   * @example await mock.disconnect('content.create'); // the SDK retries; one article is made
   */
  disconnect(
    operation: FaultOperation,
    options?: FaultTimes & { afterCommit?: boolean },
  ): Promise<ScopedFault>;
  /**
   * This account's active faults, in the order they match.
   * @example expect(await mock.faults()).toEqual([]);
   */
  faults(): Promise<Fault[]>;
  /**
   * Removes one fault by id; a fault that already ran out of `times` is a 404 error.
   * @example await mock.removeFault(fault.id);
   */
  removeFault(id: string): Promise<void>;
  /**
   * Removes every fault of this account and of its project's public key.
   * @example afterEach(() => mock.clearFaults());
   */
  clearFaults(): Promise<void>;
  /**
   * The requests this account and its project's public key made, newest first, as the server's
   * journal recorded them (keys and secrets by their first 8 characters only).
   * @example
   * ```ts
   * const attempts = await mock.requests({ operation: 'content.create' });
   * expect(new Set(attempts.map((entry) => entry.idempotency_key)).size).toBe(1);
   * ```
   */
  requests(filter?: { operation?: FaultableOperationId }): Promise<RequestJournalEntry[]>;
  /**
   * Forgets this account's requests in the journal.
   * @example await mock.clearRequests();
   */
  clearRequests(): Promise<void>;
}

/** The verbs for the account of `apiKey` and the project of `publicApiKey` on `server`. */
export function testDoubleVerbs(
  server: Pick<RunningServer, 'url'>,
  scope: { apiKey: string; publicApiKey: string },
): TestDoubleVerbs {
  const scopeQuery = new URLSearchParams({ api_key: scope.apiKey, public_api_key: scope.publicApiKey });
  const make = async (
    operation: FaultOperation,
    action: Partial<FaultCreateParams>,
    times?: number | null,
  ) => {
    // The public article API is called with the project's public key, everything else with the account's key.
    const key =
      operation === 'publicArticles.get' ? { public_api_key: scope.publicApiKey } : { api_key: scope.apiKey };
    const body: FaultCreateParams = {
      operation,
      ...key,
      ...action,
      ...(times === undefined ? {} : { times }),
    };
    const fault = await call<Fault>(server, 'admin.faults.create', { body });
    const remove = async () => {
      try {
        await call(server, 'admin.faults.delete', { ids: { faultId: fault.id } });
      } catch (error) {
        // Ran out of `times` already: it is gone either way.
        if (!(error instanceof MockServerCallError && error.status === 404)) throw error;
      }
    };
    return { ...fault, remove, [Symbol.asyncDispose]: remove } satisfies ScopedFault;
  };
  return {
    fail: (operation, status, { times, headers } = {}) =>
      make(operation, { status, ...(headers ? { headers } : {}) }, times),
    delay: (operation, ms, { times } = {}) => make(operation, { delay_ms: ms }, times),
    disconnect: (operation, { afterCommit = true, times } = {}) =>
      make(operation, { disconnect: afterCommit ? 'after' : 'before' }, times),
    async faults() {
      return (await call<{ data: Fault[] }>(server, 'admin.faults.list', { query: `?${scopeQuery}` })).data;
    },
    async removeFault(id) {
      await call(server, 'admin.faults.delete', { ids: { faultId: id } });
    },
    async clearFaults() {
      await call(server, 'admin.faults.clear', { query: `?${scopeQuery}` });
    },
    async requests({ operation } = {}) {
      const entries: RequestJournalEntry[] = [];
      for (let offset = 0; ; offset += 100) {
        const query = new URLSearchParams(scopeQuery);
        query.set('limit', '100');
        query.set('offset', String(offset));
        if (operation !== undefined) query.set('operation', operation);
        const page = await call<RequestJournalList>(server, 'admin.requests.list', { query: `?${query}` });
        entries.push(...page.data);
        if (!page.pagination.has_more) return entries;
      }
    },
    async clearRequests() {
      await call(server, 'admin.requests.clear', { query: `?${scopeQuery}` });
    },
  };
}
