import { APIError } from './api-error';

/** 400: the request was malformed or a field was invalid; `param` names the field. */
export class BadRequestError extends APIError {
  declare readonly status: 400;
}

/** 401: the API key is missing, malformed or unknown. */
export class AuthenticationError extends APIError {
  declare readonly status: 401;
}

/** 404: the resource does not exist or belongs to another account. */
export class NotFoundError extends APIError {
  declare readonly status: 404;
}

/**
 * 409: the resource is in a state that does not allow the call (publishing an article that is
 * still generating), or an `Idempotency-Key` was reused with another request.
 */
export class ConflictError extends APIError {
  declare readonly status: 409;
}

/** 429: the account's hourly request limit is used up. */
export class RateLimitError extends APIError {
  declare readonly status: 429;

  /** Seconds to wait before the next request, from `Retry-After`; `undefined` when absent. */
  get retryAfter(): number | undefined {
    const value = this.headers.get('retry-after');
    if (value === null) return undefined;
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return seconds;
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
}

/** 5xx: the service failed. The SDK already retried it `maxRetries` times. */
export class InternalServerError extends APIError {}
