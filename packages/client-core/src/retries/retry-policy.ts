import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

/** Longest wait a client accepts from `Retry-After` or `X-RateLimit-Reset` before a retry. */
export const MAX_RETRY_AFTER_MS = 60_000;

// Unix seconds before this are read as a number of seconds to wait, as ky does.
const EARLIEST_RESET_TIMESTAMP_MS = Date.UTC(2024, 0, 1);

/**
 * Milliseconds to wait before retry number `retryNumber` (1 for the first) after `error`, or
 * `undefined` when the error is not retried. Retried: connection errors, timeouts, 408, 429 and
 * 5xx, for every method (POSTs carry an Idempotency-Key, so a retry never acts twice). The wait
 * doubles from 0.5 s up to 8 s with up to 25% jitter; on 429 and 503 the server's `Retry-After`
 * (or `X-RateLimit-Reset`) decides instead; when `Retry-After` asks for more than a minute the
 * client does not wait but throws at once, so the caller decides (see `RateLimitError.retryAfter`).
 */
export function retryDelay(error: unknown, retryNumber: number): number | undefined {
  if (isTimeoutError(error) || isNetworkError(error)) return backoff(retryNumber);
  if (!isHTTPError(error)) return undefined;
  const { status, headers } = error.response;
  if (status !== 408 && status !== 429 && (status < 500 || status > 599)) return undefined;
  const retryAfter = headers.get('retry-after');
  const retryAfterMs = retryAfter === null ? undefined : waitUntil(retryAfter, false);
  if (retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS) return undefined;
  if (status === 429 || status === 503) {
    const reset = headers.get('x-ratelimit-reset');
    const serverWait =
      retryAfter !== null ? retryAfterMs : reset !== null ? waitUntil(reset, true) : undefined;
    if (serverWait !== undefined) return Math.min(serverWait, MAX_RETRY_AFTER_MS);
  }
  return backoff(retryNumber);
}

function backoff(retryNumber: number): number {
  return Math.min(500 * 2 ** (retryNumber - 1), 8_000) * (1 - Math.random() * 0.25);
}

/** A header's wait in milliseconds: seconds, an HTTP date, or (for reset headers) Unix seconds. */
function waitUntil(value: string, mayBeTimestamp: boolean): number | undefined {
  if (/^\d+$/.test(value)) {
    const ms = Number(value) * 1000;
    return Math.max(0, mayBeTimestamp && ms >= EARLIEST_RESET_TIMESTAMP_MS ? ms - Date.now() : ms);
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
