import { LARGE_BODY_CHARACTERS, type RequestArrival, redactJson } from '../engine/index';
import type { ApiRequest, ApiResponse } from './api-types';

/**
 * What the API layer learns about one request while it answers it, for the test double: which
 * operation it was, who called, which fault applied. Made only while the journal is on or a
 * fault is active. It is the journal entry itself, completed once the answer is known
 * (`completeTrace`): the journal copies its fields into its columns, so a request makes one object.
 */
export interface RequestTrace extends RequestArrival {
  /** `performance.now()` at arrival, for `duration_ms`. */
  readonly started: number;
  /** False for admin routes, the health check and the OpenAPI document: the journal leaves them out. */
  journaled: boolean;
  /** The body as the router parsed it, so the journal does not parse it again. */
  parsedBody: unknown;
  /** Headers a status fault adds to its answer, over the service's own. */
  faultHeaders: Record<string, string> | undefined;
  /** A `disconnect: "after"` fault applied: the answer, once made, is dropped with the connection. */
  disconnectAfter: boolean;
}

const NO_QUERY: Record<string, string | string[]> = {};

/** A trace for a request that arrived now, at `at` on the engine's clock. */
export function startTrace(at: number, request: ApiRequest): RequestTrace {
  return {
    started: performance.now(),
    id: '',
    at,
    operation: null,
    method: request.method,
    // Filled by `completeTrace`.
    path: '',
    query: NO_QUERY,
    idempotencyKey: null,
    body: null,
    status: null,
    durationMs: 0,
    fault: null,
    accountId: undefined,
    publicKey: undefined,
    // Admin routes are left out even when no operation matches their path.
    journaled: !request.path.startsWith('/__admin'),
    parsedBody: undefined,
    faultHeaders: undefined,
    disconnectAfter: false,
  };
}

/**
 * Completes the journal entry of a request with its answer. The journal cuts keys and secrets in
 * the path, query and `Idempotency-Key`; the body is cut here, where it is parsed (a GET's never is).
 */
export function completeTrace(trace: RequestTrace, request: ApiRequest, response: ApiResponse): RequestTrace {
  trace.path = request.path;
  trace.query = request.query;
  trace.idempotencyKey = request.headers['idempotency-key'] ?? null;
  trace.body = journalBody(trace, request);
  trace.status = response.disconnect ? null : response.status;
  trace.durationMs = Math.round((performance.now() - trace.started) * 10) / 10;
  return trace;
}

function journalBody(trace: RequestTrace, request: ApiRequest): unknown {
  if (request.body === '') return null;
  let body = trace.parsedBody;
  if (body === undefined) {
    try {
      body = JSON.parse(request.body);
    } catch {
      return null;
    }
  }
  return redactJson(body, request.body.length > LARGE_BODY_CHARACTERS) ?? null;
}
