import { errorFromResponseOf } from '@rankquill/client-core';
import { APIError } from '../core/errors/api-error';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from '../core/errors/status-errors';

/** The error class and fields for a non-2xx answer with body `{"error": {...}}` (or anything else). */
export const errorFromResponse = errorFromResponseOf<APIError>({
  byStatus: {
    400: BadRequestError,
    401: AuthenticationError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
  },
  serverError: InternalServerError,
  other: APIError,
});
