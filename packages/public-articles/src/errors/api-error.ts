import { apiErrorClass, errorFromResponseOf } from '@rankquill/client-core';
import { PublicArticlesError } from './public-articles-error';

/**
 * The public article API answered with a non-2xx status; `message` is the API's own, such as
 * `Invalid API key` or `Article not found or not published`. It carries the same fields as the
 * SDK's `APIError`: `status`, `message`, `requestId` (the answer's `X-Request-Id`), `headers` and
 * the parsed `body`; `type` and `param` stay `undefined`, as this API's errors name neither.
 *
 * @example
 * ```ts
 * try {
 *   await articles.retrieve('cnt_123');
 * } catch (error) {
 *   if (error instanceof NotFoundError) return notFoundPage();
 *   if (error instanceof APIError) console.error(error.status, error.requestId);
 *   throw error;
 * }
 * ```
 */
export class APIError extends apiErrorClass(PublicArticlesError) {
  override name = 'APIError';
}

/**
 * 400: `limit` (1 to 100) or `offset` (0 or more) is out of range.
 * @example
 * ```ts
 * try {
 *   await articles.list({ limit: 500 });
 * } catch (error) {
 *   if (error instanceof BadRequestError) console.log(error.message);
 * }
 * ```
 */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';

  declare readonly status: 400;
}

/**
 * 401: `API key required. Pass via X-Service-Key header.` or `Invalid API key` (unknown or replaced).
 * @example
 * ```ts
 * try {
 *   await new PublicArticles({ apiKey: 'wrong' }).list();
 * } catch (error) {
 *   if (error instanceof AuthenticationError) console.log(error.message); // Invalid API key
 * }
 * ```
 */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';

  declare readonly status: 401;
}

/**
 * 404: `Article not found or not published`.
 * @example
 * ```ts
 * try {
 *   await articles.retrieve('cnt_does_not_exist');
 * } catch (error) {
 *   if (error instanceof NotFoundError) console.log(error.message); // Article not found or not published
 * }
 * ```
 */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';

  declare readonly status: 404;
}

/**
 * 5xx: `Internal server error`. Already retried `maxRetries` times.
 * @example
 * ```ts
 * try {
 *   await articles.list();
 * } catch (error) {
 *   if (error instanceof InternalServerError) console.log(error.status); // after the retries
 * }
 * ```
 */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/**
 * The error for a non-2xx answer with body `{"success": false, "error": "<message>"}` (or anything else).
 * @internal
 */
export const errorFromResponse = errorFromResponseOf<APIError>({
  byStatus: { 400: BadRequestError, 401: AuthenticationError, 404: NotFoundError },
  serverError: InternalServerError,
  other: APIError,
});
