import type { ErrorType } from '@rankquill/contract';

/**
 * An error the service answers with. Each subclass has a stable `type` and HTTP `status`;
 * the message says what was wrong and what to send instead.
 *
 * @example
 * ```ts
 * if (error instanceof ServiceError) reply(error.status, { error: { type: error.type, message: error.message, param: error.param } });
 * ```
 */
export class ServiceError extends Error {
  constructor(
    readonly type: ErrorType,
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * 400 `invalid_request_error`: the request is malformed; `param` names the field to fix.
 *
 * @example
 * ```ts
 * throw new InvalidRequestError('limit must be between 1 and 100; send a smaller limit', 'limit');
 * ```
 */
export class InvalidRequestError extends ServiceError {
  constructor(message: string, param?: string) {
    super('invalid_request_error', 400, message, param);
  }
}

/**
 * 401 `authentication_error`: no API key, or one the service does not know.
 *
 * @example
 * ```ts
 * throw new AuthenticationError('No API key: send it as "Authorization: Bearer <key>"');
 * ```
 */
export class AuthenticationError extends ServiceError {
  constructor(message: string) {
    super('authentication_error', 401, message);
  }
}

/**
 * 404 `not_found_error`: no such object for this account; `param` names the id that was sent.
 *
 * @example
 * ```ts
 * throw new NotFoundError(`No project ${id}`, 'project_id');
 * ```
 */
export class NotFoundError extends ServiceError {
  constructor(message: string, param?: string) {
    super('not_found_error', 404, message, param);
  }
}

/**
 * 409 `conflict_error`: the object is not in a state that allows the operation.
 *
 * @example
 * ```ts
 * throw new ConflictError('Only content in review can be approved', 'content_id');
 * ```
 */
export class ConflictError extends ServiceError {
  constructor(message: string, param?: string) {
    super('conflict_error', 409, message, param);
  }
}

/**
 * 429 `rate_limit_error`: too many requests; `retryAfterSeconds` becomes the `Retry-After` header.
 *
 * @example
 * ```ts
 * throw new RateLimitError('Rate limit exceeded: retry after 12 s', 12);
 * ```
 */
export class RateLimitError extends ServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limit_error', 429, message);
  }
}

/**
 * Errors of the public article API, whose body is `{"success": false, "error": message}` with
 * the spec's messages word for word.
 *
 * @example
 * ```ts
 * throw new PublicArticleApiError(404, 'Article not found');
 * ```
 */
export class PublicArticleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PublicArticleApiError';
  }
}
