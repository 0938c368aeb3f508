import { PublicArticlesError } from './public-articles-error';

/**
 * The public article API answered with a non-2xx status; `message` is the API's own, such as
 * `Invalid API key` or `Article not found or not published`.
 *
 * @example
 * ```ts
 * try {
 *   await articles.retrieve('cnt_123');
 * } catch (error) {
 *   if (error instanceof NotFoundError) return notFoundPage();
 *   throw error;
 * }
 * ```
 */
export class APIError extends PublicArticlesError {
  constructor(
    /** HTTP status of the answer. */
    readonly status: number,
    message: string,
    /** Headers of the answer. */
    readonly headers: Headers,
  ) {
    super(message);
  }
}

/** 400: `limit` (1 to 100) or `offset` (0 or more) is out of range. */
export class BadRequestError extends APIError {}

/** 401: `API key required. Pass via X-Service-Key header.` or `Invalid API key` (unknown or replaced). */
export class AuthenticationError extends APIError {}

/** 404: `Article not found or not published`. */
export class NotFoundError extends APIError {}

/** 5xx: `Internal server error`. Already retried `maxRetries` times. */
export class InternalServerError extends APIError {}

/** The error class for an answer's status. */
export function apiErrorFor(status: number, message: string, headers: Headers): APIError {
  const ErrorClass =
    status === 400
      ? BadRequestError
      : status === 401
        ? AuthenticationError
        : status === 404
          ? NotFoundError
          : status >= 500
            ? InternalServerError
            : APIError;
  return new ErrorClass(status, message, headers);
}
