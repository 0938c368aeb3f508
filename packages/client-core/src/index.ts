// The machinery both TypeScript clients share. Each client bundles this package at build time
// (tsup `noExternal`), so it is never published and never a runtime dependency.
export {
  type ClientDescription,
  type ClientSettings,
  type CommonClientOptions,
  readClientOptions,
} from './client-options';
export { type APIErrorDetails, apiErrorClass } from './errors/api-error';
export { ClientError } from './errors/client-error';
export type { ClientErrorClass } from './errors/client-error-class';
export {
  type ConnectionErrorOptions,
  connectionErrorClass,
  connectionTimeoutErrorClass,
  userAbortErrorClass,
} from './errors/connection-errors';
export {
  type CrossOriginRedirectOptions,
  crossOriginRedirectErrorClass,
} from './errors/cross-origin-redirect-error';
export { errorDetails } from './errors/error-details';
export { type APIErrorClasses, errorFromResponseOf } from './errors/error-from-response';
export {
  CLIENT_POLICY,
  OPERATIONS,
  type OperationId,
  type OperationSpec,
} from './generated/operations';
export {
  hasNextPage,
  nextPageQuery,
  requireNextPageQuery,
  type WalkablePage,
  walkItems,
  walkPages,
} from './pages/page-walk';
export { encodePathSegment, idProblem } from './path';
export { type EnvReading, envRefusalHint, readEnv, readEnvSetting } from './read-env';
export { type RetryClock, type RetryOutcome, retryAfterMs, retryWait } from './retries/retry-policy';
export { sleep } from './retries/sleep';
export type { HeaderValues } from './transport/headers';
export {
  type ApiBase,
  type ApiCall,
  type CallOptions,
  type ClientErrors,
  type ParsedResponse,
  Transport,
  type TransportLogger,
  type TransportSettings,
} from './transport/transport';
