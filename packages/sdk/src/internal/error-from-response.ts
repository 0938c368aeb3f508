import { apiErrorClassFor } from '@rankquill/client-core';
import { APIError } from '../core/errors/api-error';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from '../core/errors/status-errors';

const errorClasses = {
  byStatus: {
    400: BadRequestError,
    401: AuthenticationError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
  },
  serverError: InternalServerError,
  other: APIError,
};

/** The error class and fields for a non-2xx answer with body `{"error": {...}}` (or anything else). */
export function errorFromResponse(status: number, body: unknown, headers: Headers): APIError {
  const details =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'
      ? (body.error as { type?: unknown; message?: unknown; param?: unknown; request_id?: unknown })
      : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const ErrorClass: typeof APIError = apiErrorClassFor(status, errorClasses);
  return new ErrorClass(
    status,
    {
      type: text(details?.type),
      message:
        text(details?.message) ??
        (typeof body === 'string' && body !== ''
          ? `${status}: ${body.slice(0, 500)}`
          : `The API answered with status ${status} and no error message.`),
      param: text(details?.param),
      requestId: text(details?.request_id),
      body,
    },
    headers,
  );
}
