import type { ErrorType } from '@rankquill/contract';
import type { ClientErrorClass } from './client-error-class';

/** What an error answer said; each client reads it from its API's error body. */
export interface APIErrorDetails {
  type?: string | undefined;
  message?: string | undefined;
  param?: string | undefined;
  requestId?: string | undefined;
  body?: unknown;
}

/**
 * Builds a client's `APIError` (the API answered with a non-2xx status) on its base class, so
 * that both clients' API errors carry the same fields, read the same way.
 */
export function apiErrorClass(ClientError: ClientErrorClass) {
  return class APIError extends ClientError {
    /** HTTP status of the answer. */
    readonly status: number;
    /** Stable error type, such as `invalid_request_error`; `undefined` when the body had none. */
    readonly type: ErrorType | (string & {}) | undefined;
    /** The request field that was wrong, when the API named one. */
    readonly param: string | undefined;
    /** Id of the request (`X-Request-Id`); quote it when reporting a problem. */
    readonly requestId: string | undefined;
    /** Headers of the answer. */
    readonly headers: Headers;
    /** The parsed error body, or its text when it was not JSON. */
    readonly body: unknown;

    /**
     * @param status HTTP status of the answer.
     * @param details What the error body said; `requestId` falls back to `X-Request-Id`.
     * @param headers Headers of the answer.
     */
    constructor(status: number, details: APIErrorDetails, headers: Headers) {
      super(details.message ?? `The API answered with status ${status} and no error message.`);
      this.status = status;
      this.type = details.type;
      this.param = details.param;
      this.requestId = details.requestId ?? headers.get('x-request-id') ?? undefined;
      this.headers = headers;
      this.body = details.body;
    }
  };
}
