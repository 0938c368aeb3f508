export { APIError } from './api-error';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  CrossOriginRedirectError,
} from './connection-errors';
export { ManualClockError } from './manual-clock-error';
export { RankquillError } from './rankquill-error';
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from './status-errors';
export { WaitTimeoutError } from './wait-timeout-error';
