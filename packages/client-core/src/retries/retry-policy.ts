import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { CLIENT_POLICY } from '../generated/operations';

const { retry: RETRY } = CLIENT_POLICY;

/** What an attempt ended with, as the retry policy sees it. */
export type RetryOutcome = { status: number; headers: Headers } | { error: 'connection' | 'timeout' };

/** The clock and dice of the policy; tests (and the shared vectors) pass their own. */
export interface RetryClock {
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
  /** A number in [0, 1); defaults to `Math.random`. */
  random?: () => number;
}

/**
 * Milliseconds to wait before retry number `retry` (1 for the first) after `outcome`, or
 * `undefined` to give up. Retried: connection errors, timeouts, 408, 429 and 5xx, for every
 * method (POSTs carry an Idempotency-Key, so a retry never acts twice). The wait doubles from
 * the initial backoff up to its cap, shortened by up to the jitter share; on 429 and 503 the
 * server's `Retry-After` decides instead, or without it `X-RateLimit-Reset` when
 * `X-RateLimit-Remaining` is `0` and the reset is still ahead. When `Retry-After` asks for
 * more than the longest server wait the client does not wait but gives up at once, so the
 * caller decides (see `RateLimitError.retryAfter`).
 *
 * @example
 * ```ts
 * retryWait({ status: 503, headers: new Headers({ 'retry-after': '2' }) }, 1); // 2000
 * ```
 */
export function retryWait(outcome: RetryOutcome, retry: number, clock: RetryClock = {}): number | undefined {
  const now = clock.now ?? Date.now;
  const random = clock.random ?? Math.random;
  if ('error' in outcome) return backoff(retry, random);
  const { status, headers } = outcome;
  if (!isRetried(status)) return undefined;
  const retryAfter = headers.get('retry-after');
  const askedWait = retryAfter === null ? undefined : retryAfterMs(retryAfter, now());
  if (askedWait !== undefined && askedWait > RETRY.maxServerWaitMs) return undefined;
  if (includes(RETRY.serverWaitStatuses, status)) {
    const serverWait = askedWait ?? spentLimitWait(headers, now());
    if (serverWait !== undefined) return Math.min(serverWait, RETRY.maxServerWaitMs);
  }
  return backoff(retry, random);
}

/** The outcome of a failed attempt as ky reports it, or `undefined` for a failure never retried. */
export function retryOutcomeOf(error: unknown): RetryOutcome | undefined {
  if (isTimeoutError(error)) return { error: 'timeout' };
  if (isNetworkError(error)) return { error: 'connection' };
  if (isHTTPError(error)) return { status: error.response.status, headers: error.response.headers };
  return undefined;
}

/** Every 5xx and the policy's other statuses (408, 429). */
function isRetried(status: number): boolean {
  return (status >= 500 && status <= 599) || includes(RETRY.statuses, status);
}

function includes(statuses: readonly number[], status: number): boolean {
  return statuses.includes(status);
}

/** The wait doubles with each retry, from the initial delay up to the cap. */
function backoff(retry: number, random: () => number): number {
  const full = Math.min(RETRY.initialDelayMs * 2 ** (retry - 1), RETRY.maxDelayMs);
  return full * (1 - random() * RETRY.jitter);
}

/**
 * Milliseconds a `Retry-After` value asks for: whole seconds, or an HTTP date (IMF-fixdate) counted
 * from `now` (0 when past); `undefined` when it is neither, such as `1.5` or `soon`.
 *
 * @example
 * ```ts
 * retryAfterMs('3', Date.now()); // 3000
 * ```
 */
export function retryAfterMs(value: string, now: number): number | undefined {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = httpDate(value);
  return at === undefined ? undefined : Math.max(0, at - now);
}

/**
 * The wait `X-RateLimit-Reset` asks for, only when `X-RateLimit-Remaining` is `0` (the limit is
 * spent) and the reset lies ahead. While requests remain the reset is "now", which says nothing
 * about an outage: clients that all retried at once would hit the service in step, so they back off.
 */
function spentLimitWait(headers: Headers, now: number): number | undefined {
  const reset = headers.get('x-ratelimit-reset');
  if (reset === null || headers.get('x-ratelimit-remaining')?.trim() !== '0') return undefined;
  const wait = resetWait(reset.trim(), now);
  return wait !== undefined && wait > 0 ? wait : undefined;
}

/** `X-RateLimit-Reset`: a number of seconds, or a Unix time (seconds) from the earliest reset on. */
function resetWait(value: string, now: number): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const ms = Number(value) * 1000;
  return ms >= RETRY.earliestResetTimestampMs ? Math.max(0, ms - now) : ms;
}

// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form RFC 9110 has servers send; a looser
// reading would take `1.5` or `tomorrow` for a date.
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

function httpDate(value: string): number | undefined {
  if (!IMF_FIXDATE.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}
