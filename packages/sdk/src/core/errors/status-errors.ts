import { retryAfterMs } from '@rankquill/client-core';
import { APIError } from './api-error';

/**
 * 400: the request was malformed or a field was invalid; `param` names the field.
 * @example
 * ```ts
 * try {
 *   await client.projects.create({ name: 'Docs', domain: 'not a domain' });
 * } catch (error) {
 *   if (error instanceof BadRequestError) console.log(error.param); // domain
 * }
 * ```
 */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';

  declare readonly status: 400;
}

/**
 * 401: the API key is missing, malformed or unknown.
 * @example
 * ```ts
 * try {
 *   await new Rankquill({ apiKey: 'rq_test_wrong' }).projects.list();
 * } catch (error) {
 *   if (error instanceof AuthenticationError) console.log(error.status); // 401
 * }
 * ```
 */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';

  declare readonly status: 401;
}

/**
 * 404: the resource does not exist or belongs to another account.
 * @example
 * ```ts
 * try {
 *   await client.projects.retrieve('proj_does_not_exist');
 * } catch (error) {
 *   if (error instanceof NotFoundError) console.log(error.requestId); // req_…
 * }
 * ```
 */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';

  declare readonly status: 404;
}

/**
 * 409: the resource is in a state that does not allow the call (publishing an article that is
 * still generating), or an `Idempotency-Key` was reused with another request.
 * @example
 * ```ts
 * try {
 *   await client.content.publish('proj_123', job.id); // still generating
 * } catch (error) {
 *   if (error instanceof ConflictError) console.log(error.message);
 * }
 * ```
 */
export class ConflictError extends APIError {
  override name = 'ConflictError';

  declare readonly status: 409;
}

/**
 * 429: the account's hourly request limit is used up.
 * @example
 * ```ts
 * try {
 *   await client.projects.list();
 * } catch (error) {
 *   if (error instanceof RateLimitError) console.log(`try again in ${error.retryAfter} s`);
 * }
 * ```
 */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';

  declare readonly status: 429;

  /**
   * Seconds to wait before the next request, from `Retry-After` (whole seconds or an HTTP date),
   * read as the retries read it; `undefined` when it is absent or neither.
   */
  get retryAfter(): number | undefined {
    const value = this.headers.get('retry-after');
    const ms = value === null ? undefined : retryAfterMs(value, Date.now());
    return ms === undefined ? undefined : Math.ceil(ms / 1000);
  }
}

/**
 * 5xx: the service failed. The SDK already retried it `maxRetries` times.
 * @example
 * ```ts
 * try {
 *   await client.projects.list();
 * } catch (error) {
 *   if (error instanceof InternalServerError) console.log(error.status, error.requestId); // after the retries
 * }
 * ```
 */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}
