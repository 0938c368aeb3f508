/** The account's request budget, from the `X-RateLimit-*` headers of an answer. */
export interface RateLimit {
  /** Requests allowed per rolling hour. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** When the window resets. */
  resetAt: Date;
}

/**
 * Reads `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds);
 * `undefined` when any of them is absent or not a number.
 */
export function parseRateLimit(headers: Headers): RateLimit | undefined {
  const limit = Number(headers.get('x-ratelimit-limit') ?? Number.NaN);
  const remaining = Number(headers.get('x-ratelimit-remaining') ?? Number.NaN);
  const reset = Number(headers.get('x-ratelimit-reset') ?? Number.NaN);
  if (![limit, remaining, reset].every(Number.isFinite)) return undefined;
  return { limit, remaining, resetAt: new Date(reset * 1000) };
}
