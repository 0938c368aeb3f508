import type { ErrorType } from '@rankquill/contract';

/**
 * An error the service answers with. Each subclass has a stable `type` and HTTP `status`;
 * the message says what was wrong and what to send instead.
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

export class InvalidRequestError extends ServiceError {
  constructor(message: string, param?: string) {
    super('invalid_request_error', 400, message, param);
  }
}

export class AuthenticationError extends ServiceError {
  constructor(message: string) {
    super('authentication_error', 401, message);
  }
}

export class NotFoundError extends ServiceError {
  constructor(message: string, param?: string) {
    super('not_found_error', 404, message, param);
  }
}

export class ConflictError extends ServiceError {
  constructor(message: string, param?: string) {
    super('conflict_error', 409, message, param);
  }
}

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
