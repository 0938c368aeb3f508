import { CLOCK_MODE_HEADER, MAX_REQUEST_BODY_BYTES, type Operation } from '@rankquill/contract';
import {
  AuthenticationError,
  type Engine,
  InvalidRequestError,
  keyFingerprint,
  PublicArticleApiError,
  RateLimitError,
  RateLimitExceeded,
  type RateLimitState,
  ServiceError,
  type StoredAnswer,
  type StoreWriter,
} from '../engine/index';
import { JSON_HEADERS, json, raw, rawHead, reportingFailure, serializedOnce } from './answers';
import { type ApiRequest, type ApiResponse, RawResult } from './api-types';
import { secretsEqual } from './constant-time';
import { errorBody, errorResponse, unreadableBody } from './error-format';
import { authenticateBearer, FAILED_AUTHENTICATION_LIMITS } from './failed-authentication';
import { actOnFault, disconnected } from './fault-actions';
import { checkQuery } from './query';
import { RepeatedRead } from './repeated-read';
import { checkRequestFraming, MethodNotAllowedError, UnknownRouteError } from './request-rules';
import { completeTrace, type RequestTrace, startTrace } from './request-trace';
import { type Route, RouteTable } from './route-table';

/** Largest request body an adapter reads; a larger one comes as `bodyError`. */
export const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES;

export interface ApiOptions {
  /** Serve `/__admin` routes (default true). */
  admin?: boolean;
  /**
   * Serve the mock's own admin routes, the clock (`/__admin/clock`, `/__admin/clock/advance`) and
   * `/__admin/reset` (default true). The production profile has none: a deployed service's data
   * is never wiped and its time never moved by a request.
   */
  mockRoutes?: boolean;
  /**
   * When set, `/__admin` routes require `Authorization: Bearer <adminToken>`. Without one they
   * answer only requests addressed to a loopback host, and their POSTs only with a JSON
   * `Content-Type`, so a web page cannot reach them from a developer's browser.
   */
  adminToken?: string;
  /**
   * Address clients reach the server at, such as `https://api.example.com`: links in answers
   * (download URLs) are built from it instead of the request's `Host`.
   */
  publicUrl?: string;
  /** Called with unexpected errors before they become a 500. */
  onError?: (error: unknown, request: ApiRequest) => void;
  /**
   * Ends the waits of delay faults at once when it aborts: the reference server passes its
   * shutdown signal, so a request held by a fault does not hold the shutdown.
   */
  signal?: AbortSignal;
  /**
   * Wrong main API keys one client address may send in a rolling minute before its requests get
   * 429 with `Retry-After` (`--failed-auth-limit`); 0 turns the throttle off. Default 1,000, the
   * mock profile's; the production profile's is 30 (`FAILED_AUTHENTICATION_LIMITS`).
   * @example { failedAuthLimit: 30 }
   */
  failedAuthLimit?: number;
  /** Wall-clock milliseconds for that throttle; default `Date.now`. */
  now?: () => number;
}

/** The API layer: answers a request; `repeat` answers a repeated public article read at once, when it can. */
export interface ApiHandler {
  (request: ApiRequest): Promise<ApiResponse>;
  /** `RepeatedRead.answer`: the answer given again to the same public article request, or `undefined`. */
  repeat(method: string, target: string, headers: ApiRequest['headers']): ApiResponse | undefined;
}

/**
 * The transport-neutral API of the reference server: routing, authentication, body parsing,
 * idempotency and the error format. The Express app and the MSW handlers are thin adapters
 * over it, so the server and the in-process mock cannot drift apart.
 *
 * @example
 * ```ts
 * const handle = createApiHandler(engine);
 * const answer = await handle({ method: 'GET', path: '/healthz', query: {}, headers: {}, body: '' });
 * ```
 */
export function createApiHandler(engine: Engine, options: ApiOptions = {}): ApiHandler {
  const routes = new RouteTable({ admin: options.admin ?? true, mock: options.mockRoutes ?? true });
  const repeated = new RepeatedRead(engine);
  const clockHeaders: Record<string, string> =
    engine.clockMode === 'manual' ? { [CLOCK_MODE_HEADER]: 'manual' } : {};

  const { testDouble } = engine;

  const repeat: ApiHandler['repeat'] = (method, target, headers) => repeated.answer(method, target, headers);
  return Object.assign(handle, { repeat });

  async function handle(request: ApiRequest): Promise<ApiResponse> {
    // Only while the journal is on or a fault is active does a request carry a trace.
    const trace = testDouble.active ? startTrace(engine.now(), request) : undefined;
    let response = await answer(request, trace);
    if (trace) {
      if (trace.faultHeaders) Object.assign(response.headers, trace.faultHeaders);
      if (trace.disconnectAfter) {
        void response.stream?.[Symbol.asyncIterator]().return?.();
        response = disconnected(trace.id);
      }
      if (trace.journaled && testDouble.journal.enabled) {
        testDouble.record(completeTrace(trace, request, response));
      }
    }
    Object.assign(response.headers, clockHeaders);
    return response;
  }

  async function answer(request: ApiRequest, trace: RequestTrace | undefined): Promise<ApiResponse> {
    const requestId = engine.nextRequestId();
    if (trace) trace.id = requestId;
    const isPublicApi =
      request.path === '/public-article-api' || request.path.startsWith('/public-article-api/');
    const rateLimit: RateLimitSlot = {};
    try {
      if (request.bodyError) throw unreadableBody(request.bodyError);
      await engine.tick();
      const match = routes.match(request.method, request.path);
      if ('allow' in match) {
        return { status: 204, headers: { allow: match.allow, 'x-request-id': requestId }, body: '' };
      }
      if (trace) {
        trace.operation = match.route.operation.id;
        trace.journaled = match.route.operation.tag !== 'Admin';
      }
      const response = await dispatch(engine, options, request, match, requestId, rateLimit, trace);
      repeated.remember(request, match.route, response);
      Object.assign(response.headers, rateLimitHeaders(rateLimit.state), { 'x-request-id': requestId });
      if (response.stream) {
        response.stream = reportingFailure(response.stream, (error) => options.onError?.(error, request));
      }
      return response;
    } catch (error) {
      if (!(error instanceof ServiceError) && !(error instanceof PublicArticleApiError)) {
        options.onError?.(error, request);
      }
      const response = errorResponse(error, requestId, isPublicApi);
      if (error instanceof MethodNotAllowedError) response.headers.allow = error.allow;
      if (error instanceof UnknownRouteError) response.headers.link = '</openapi.json>; rel="service-desc"';
      if (error instanceof RateLimitError) response.headers['retry-after'] = String(error.retryAfterSeconds);
      if (error instanceof RateLimitExceeded) rateLimit.state = error.state;
      Object.assign(response.headers, rateLimitHeaders(rateLimit.state));
      return response;
    }
  }
}

async function dispatch(
  engine: Engine,
  options: ApiOptions,
  request: ApiRequest,
  { route, params }: { route: Route; params: Record<string, string> },
  requestId: string,
  rateLimit: RateLimitSlot,
  trace: RequestTrace | undefined,
): Promise<ApiResponse> {
  const { operation } = route;
  checkRequestFraming(request, operation, { adminToken: options.adminToken });
  const query = checkQuery(request.query, route.query, route.integers);
  // A fault applies once the route and the caller are known; admin routes have none.
  const faulted = trace && operation.tag !== 'Admin' ? trace : undefined;
  if (operation.auth === 'service-key') {
    const serviceKey = request.headers['x-service-key'];
    if (faulted) {
      if (serviceKey !== undefined) faulted.publicKey = keyFingerprint(serviceKey);
      if (!engine.testDouble.faults.empty) {
        // As on the main API, a missing or wrong key is a 401 before any fault applies.
        await engine.publicArticles.checkKey(serviceKey);
        const instead = await applyFault(engine, options, operation, faulted, rateLimit, true);
        if (instead) return instead;
      }
    }
    const body = await engine.publicArticles.get(serviceKey, query);
    return { status: operation.status, headers: { ...JSON_HEADERS }, ...serializedOnce(body) };
  }
  if (operation.auth === 'admin' && options.adminToken !== undefined) {
    const given = bearerToken(request) ?? '';
    if (!(await secretsEqual(given, options.adminToken))) {
      throw new AuthenticationError(
        'Admin routes need `Authorization: Bearer <admin token>` (the --admin-token value).',
      );
    }
  }
  const account =
    operation.auth === 'bearer'
      ? await authenticateBearer(engine, bearerToken(request), request.clientAddress, {
          limit: options.failedAuthLimit ?? FAILED_AUTHENTICATION_LIMITS.mock,
          now: options.now ?? Date.now,
        })
      : (undefined as never);
  if (account) rateLimit.state = await engine.rateLimits.take(account.id, account.rate_limit);
  if (faulted) {
    if (account) faulted.accountId = account.id;
    // Without a fault the request goes on in the same turn: no await on the hot path.
    const instead = engine.testDouble.faults.empty
      ? undefined
      : await applyFault(engine, options, operation, faulted, rateLimit, false);
    if (instead) return instead;
  }
  const body = operation.body ? parseBody(request) : {};
  if (trace && operation.body) trace.parsedBody = body;
  const handler = route.handler;
  if (!handler) throw new Error(`no handler for operation ${operation.id}`);
  const run = async (record?: (tx: StoreWriter, answer: StoredAnswer) => Promise<void>) => ({
    status: operation.status,
    body: await handler({
      engine,
      request: options.publicUrl ? { ...request, baseUrl: options.publicUrl } : request,
      params,
      query,
      body,
      account,
      recordAnswer: record && ((tx, answer) => record(tx, { status: operation.status, body: answer })),
    }),
  });

  const key = request.headers['idempotency-key'];
  if (operation.idempotent && key !== undefined) {
    const answer = await engine.idempotency.run(
      account.id,
      key,
      { method: operation.method, path: request.path, body: request.body },
      (record) =>
        run(record).then(
          (answer) => {
            // A stored answer is replayed as JSON; a file would have to be kept whole.
            if (answer.body instanceof RawResult)
              throw new Error(`${operation.id} cannot stream: it is idempotent`);
            return answer;
          },
          (error: unknown) => {
            if (error instanceof ServiceError)
              return { status: error.status, body: errorBody(error, requestId) };
            throw error;
          },
        ),
    );
    const response = json(answer.status, answer.body);
    if (answer.replayed) response.headers['idempotent-replayed'] = 'true';
    return response;
  }
  const answer = await run();
  if (!(answer.body instanceof RawResult)) return json(answer.status, answer.body);
  return request.method.toUpperCase() === 'HEAD'
    ? rawHead(answer.status, answer.body)
    : raw(answer.status, answer.body);
}

/**
 * The fault that applies to this request, acted on: the answer to send instead of running the
 * operation, or `undefined` to run it (after a delay, or to drop its answer afterwards).
 */
async function applyFault(
  engine: Engine,
  options: ApiOptions,
  operation: Operation,
  trace: RequestTrace,
  rateLimit: RateLimitSlot,
  publicApi: boolean,
): Promise<ApiResponse | undefined> {
  const fault = engine.testDouble.match(operation.id, trace);
  if (!fault) return undefined;
  const context = { publicApi, rateLimit: rateLimit.state, now: engine.now(), signal: options.signal };
  return actOnFault(fault, trace, context);
}

/** Where `dispatch` leaves the account's rate-limit counts for the response headers. */
interface RateLimitSlot {
  state?: RateLimitState;
}

function rateLimitHeaders(state: RateLimitState | undefined): Record<string, string> {
  if (!state) return {};
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.reset),
  };
}

function bearerToken(request: ApiRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new AuthenticationError('The Authorization header must be `Bearer <API_KEY>`.');
  }
  return match[1];
}

function parseBody(request: ApiRequest): unknown {
  if (request.body.trim() === '') {
    throw new InvalidRequestError(
      'The request body is empty: send a JSON object with Content-Type: application/json.',
    );
  }
  try {
    return JSON.parse(request.body);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InvalidRequestError(
      `The request body is not valid JSON (${detail}). Send a JSON object with Content-Type: application/json.`,
    );
  }
}
