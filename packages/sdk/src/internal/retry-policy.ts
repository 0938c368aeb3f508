import { isHTTPError, type RetryOptions } from 'ky';

const RETRY_STATUS_CODES = [408, 429, ...Array.from({ length: 100 }, (_, index) => 500 + index)];

/** Longest wait the SDK accepts from `Retry-After` or `X-RateLimit-Reset` before a retry. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * When and how long to wait before a retry: connection errors, timeouts, 408, 429 and 5xx, for
 * every method (POSTs carry an Idempotency-Key, so a retry never acts twice). The wait doubles
 * from 0.5 s up to 8 s with up to 25% jitter; on 429 and 503 the server's `Retry-After` (or
 * `X-RateLimit-Reset`) decides instead; when it asks for more than a minute the SDK does not
 * wait but throws at once, so the caller decides (see `RateLimitError.retryAfter`).
 */
export function retryPolicy(limit: number): RetryOptions {
  return {
    limit,
    methods: ['get', 'put', 'delete', 'post'],
    statusCodes: RETRY_STATUS_CODES,
    afterStatusCodes: [429, 503],
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    retryOnTimeout: true,
    delay: (attempt) => Math.min(500 * 2 ** (attempt - 1), 8_000),
    jitter: (delay) => delay * (1 - Math.random() * 0.25),
    shouldRetry: ({ error }) =>
      isHTTPError(error) && retryAfterMs(error.response.headers) > MAX_RETRY_AFTER_MS ? false : undefined,
  };
}

function retryAfterMs(headers: Headers): number {
  const value = headers.get('retry-after');
  if (value === null) return 0;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
}
