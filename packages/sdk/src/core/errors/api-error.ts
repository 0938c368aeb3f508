import type { ErrorType } from '@rankquill/contract';
import { RankquillError } from './rankquill-error';

/**
 * The API answered with a non-2xx status. Subclasses name the common statuses; any other
 * status is an `APIError` itself.
 *
 * @example
 * ```ts
 * try {
 *   await client.projects.create({ name: 'Docs', domain: 'not a domain' });
 * } catch (error) {
 *   if (error instanceof APIError) console.error(error.status, error.type, error.param, error.requestId);
 * }
 * ```
 */
export class APIError extends RankquillError {
  /** HTTP status of the answer. */
  readonly status: number;
  /** Stable error type, such as `invalid_request_error`; `undefined` when the body had none. */
  readonly type: ErrorType | (string & {}) | undefined;
  /** The request field that was wrong, when one was. */
  readonly param: string | undefined;
  /** Id of the request (`X-Request-Id`); quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** Headers of the answer. */
  readonly headers: Headers;
  /** The parsed error body, or its text when it was not JSON. */
  readonly body: unknown;

  constructor(
    status: number,
    details: { type?: string; message?: string; param?: string; requestId?: string; body?: unknown },
    headers: Headers,
  ) {
    super(details.message ?? `The API answered with status ${status} and no error message.`);
    this.status = status;
    this.type = details.type;
    this.param = details.param;
    this.requestId = details.requestId ?? headers.get('x-request-id') ?? undefined;
    this.headers = headers;
    this.body = details.body;
  }
}
