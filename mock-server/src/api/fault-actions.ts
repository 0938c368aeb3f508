import {
  type FaultRecord,
  PublicArticleApiError,
  RateLimitExceeded,
  type RateLimitState,
  ServiceError,
} from '../engine/index';
import type { ApiResponse } from './api-types';
import type { RequestTrace } from './request-trace';

/** What a status fault's answer is called, by status. */
const STATUS_TEXT: Record<number, string> = {
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** The `Retry-After` of an injected 429 unless the fault's `headers` set another. */
const INJECTED_RETRY_AFTER_SECONDS = 1;

/**
 * The answer of a `disconnect` fault: nothing, and the connection closed. The request id stays
 * in the headers for the server's log line; no client sees it.
 */
export function disconnected(requestId?: string): ApiResponse {
  return { status: 0, headers: requestId ? { 'x-request-id': requestId } : {}, body: '', disconnect: true };
}

/**
 * Acts on the fault that matched a request, once its route and caller are known: a status fault
 * throws the service's own error for its status (the router answers it as any error), a delay
 * waits in real time, a `disconnect: "before"` answers with a closed connection, and a
 * `disconnect: "after"` lets the operation run and marks its answer to be dropped. Resolves to
 * the answer to send instead of running the operation, or `undefined` to run it.
 *
 * @example
 * ```ts
 * const instead = await actOnFault(fault, trace, { publicApi: false, rateLimit, now, signal });
 * if (instead) return instead;
 * ```
 */
export async function actOnFault(
  fault: FaultRecord,
  trace: RequestTrace,
  context: { publicApi: boolean; rateLimit: RateLimitState | undefined; now: number; signal?: AbortSignal },
): Promise<ApiResponse | undefined> {
  trace.fault = fault.id;
  const { action } = fault;
  if (action.kind === 'delay') {
    await waitFor(action.ms, context.signal);
    return undefined;
  }
  if (action.kind === 'disconnect') {
    if (action.when === 'before') return disconnected();
    trace.disconnectAfter = true;
    return undefined;
  }
  const given = lowerCaseNames(action.headers);
  if (action.status === 429) {
    given['retry-after'] ??= String(INJECTED_RETRY_AFTER_SECONDS);
  }
  trace.faultHeaders = given;
  throw injectedError(fault.id, action.status, given['retry-after'], context);
}

function injectedError(
  id: string,
  status: number,
  retryAfter: string | undefined,
  context: { publicApi: boolean; rateLimit: RateLimitState | undefined; now: number },
): Error {
  const origin = `injected by fault ${id}; DELETE /__admin/faults/${id} removes it`;
  if (context.publicApi) return new PublicArticleApiError(status, `${STATUS_TEXT[status]} (${origin}).`);
  if (status !== 429) {
    return new ServiceError('api_error', status, `${STATUS_TEXT[status]} (${origin}). Retry later.`);
  }
  const seconds = /^\d+$/.test(retryAfter ?? '') ? Number(retryAfter) : INJECTED_RETRY_AFTER_SECONDS;
  const limit = context.rateLimit?.limit ?? 0;
  return new RateLimitExceeded(
    `Rate limit of ${limit} requests per hour reached (${origin}); retry after ${seconds} seconds.`,
    seconds,
    { limit, remaining: 0, reset: Math.ceil(context.now / 1000) + seconds },
  );
}

function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}

/**
 * Waits `ms` of real time (the engine's clock does not move), or less when `signal` aborts, as
 * when the server shuts down.
 */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
