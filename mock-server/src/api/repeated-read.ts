import { CLOCK_MODE_HEADER } from '@rankquill/contract';
import { type Engine, keyFingerprint } from '../engine/index';
import { JSON_HEADERS, serializedOnce } from './answers';
import type { ApiRequest, ApiResponse } from './api-types';
import { checkQuery } from './query';
import { completeTrace, startTrace } from './request-trace';
import type { Route } from './route-table';

/** The operation whose answers are given again: the public article list and article. */
const REPEATABLE_OPERATION = 'publicArticles.get';

/** What the last answer to a public article request was given for, and its bytes. */
interface LastRead {
  /** The request target as it arrived: path and query string. */
  target: string;
  serviceKey: string;
  path: string;
  query: ApiRequest['query'];
  /** The query as the operation reads it, for the engine's cache. */
  checked: Record<string, string>;
  status: number;
  body: string;
  bytes: Uint8Array;
}

/**
 * The public article API's answer given again to the same request, without routing, parsing
 * and checking it again: a site polls one list with one key, request after request. It applies
 * only while the answer is still the one the API layer would give: same target and service key,
 * a GET, no fault set, no work due, and the engine's cache holding the same answer. The answer
 * is the API layer's byte for byte, with a request id of its own, and the journal records the
 * request as the API layer would.
 *
 * @example
 * ```ts
 * const reads = new RepeatedRead(engine);
 * reads.remember(request, route, response); // after the API layer answered
 * reads.answer('GET', '/public-article-api?limit=10', headers); // the same answer, or undefined
 * ```
 */
export class RepeatedRead {
  private last: LastRead | undefined;
  private readonly clockHeaders: Record<string, string>;

  constructor(private readonly engine: Engine) {
    this.clockHeaders = engine.clockMode === 'manual' ? { [CLOCK_MODE_HEADER]: 'manual' } : {};
  }

  /** Keeps what a public article answer was given for (an adapter that knows the request target set it). */
  remember(request: ApiRequest, route: Route, response: ApiResponse): void {
    const serviceKey = request.headers['x-service-key'];
    if (
      route.operation.id !== REPEATABLE_OPERATION ||
      request.method !== 'GET' ||
      request.target === undefined ||
      serviceKey === undefined ||
      response.status !== route.operation.status ||
      response.bytes === undefined
    ) {
      return;
    }
    this.last = {
      target: request.target,
      serviceKey,
      path: request.path,
      query: request.query,
      checked: checkQuery(request.query, route.query, route.integers),
      status: response.status,
      body: response.body,
      bytes: response.bytes,
    };
  }

  /** The answer to give again to this request, or `undefined` when the API layer must answer it. */
  answer(method: string, target: string, headers: ApiRequest['headers']): ApiResponse | undefined {
    const last = this.last;
    if (last === undefined || method !== 'GET' || target !== last.target) return undefined;
    const serviceKey = headers['x-service-key'];
    const { engine } = this;
    const { testDouble } = engine;
    if (serviceKey !== last.serviceKey || !testDouble.faults.empty || !engine.nothingDueNow())
      return undefined;
    const cached = engine.publicArticles.cachedNow(serviceKey, last.checked);
    if (cached === undefined || serializedOnce(cached).bytes !== last.bytes) return undefined;

    const request: ApiRequest = { method, path: last.path, query: last.query, headers, body: '' };
    const trace = testDouble.active ? startTrace(engine.now(), request) : undefined;
    const requestId = engine.nextRequestId();
    const response: ApiResponse = {
      status: last.status,
      headers: { ...JSON_HEADERS, 'x-request-id': requestId, ...this.clockHeaders },
      body: last.body,
      bytes: last.bytes,
    };
    if (trace && testDouble.journal.enabled) {
      trace.id = requestId;
      trace.operation = REPEATABLE_OPERATION;
      trace.publicKey = keyFingerprint(serviceKey);
      testDouble.record(completeTrace(trace, request, response));
    }
    return response;
  }
}
