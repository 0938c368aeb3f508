import {
  type Caller,
  type JournalRecord,
  LARGE_BODY_CHARACTERS,
  redactJson,
  redactQuery,
  redactText,
} from '../engine/index';
import type { ApiRequest, ApiResponse } from './api-types';

/**
 * What the API layer learns about one request while it answers it, for the test double: which
 * operation it was, who called, which fault applied. Made only while the journal is on or a
 * fault is active, and cheap to fill: the journal entry is built from it once the answer is known.
 */
export interface RequestTrace extends Caller {
  /** `performance.now()` at arrival, for `duration_ms`. */
  readonly started: number;
  /** Arrival on the engine's clock. */
  readonly at: number;
  requestId: string;
  operation: string | null;
  /** False for admin routes, the health check and the OpenAPI document: the journal leaves them out. */
  journaled: boolean;
  /** The body as the router parsed it, so the journal does not parse it again. */
  parsedBody: unknown;
  /** The fault that applied (`flt_…`). */
  fault: string | null;
  /** Headers a status fault adds to its answer, over the service's own. */
  faultHeaders: Record<string, string> | undefined;
  /** A `disconnect: "after"` fault applied: the answer, once made, is dropped with the connection. */
  disconnectAfter: boolean;
}

/** A trace for a request that arrived now. */
export function startTrace(at: number, path: string): RequestTrace {
  return {
    started: performance.now(),
    at,
    requestId: '',
    operation: null,
    // Admin routes are left out even when no operation matches their path.
    journaled: !path.startsWith('/__admin'),
    accountId: undefined,
    publicKey: undefined,
    parsedBody: undefined,
    fault: null,
    faultHeaders: undefined,
    disconnectAfter: false,
  };
}

/**
 * The journal entry of a request and its answer: path, query, `Idempotency-Key` and body with
 * every key and secret cut to its first characters. A GET's body is never parsed.
 */
export function journalRecordOf(
  trace: RequestTrace,
  request: ApiRequest,
  response: ApiResponse,
): JournalRecord {
  const idempotencyKey = request.headers['idempotency-key'];
  return {
    id: trace.requestId,
    at: trace.at,
    operation: trace.operation,
    method: request.method,
    path: redactText(request.path),
    query: redactQuery(request.query),
    idempotencyKey: idempotencyKey === undefined ? null : redactText(idempotencyKey),
    body: journalBody(trace, request),
    status: response.disconnect ? null : response.status,
    durationMs: Math.round((performance.now() - trace.started) * 10) / 10,
    fault: trace.fault,
    accountId: trace.accountId,
    publicKey: trace.publicKey,
  };
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
