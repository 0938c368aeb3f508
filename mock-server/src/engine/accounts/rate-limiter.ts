import { RateLimitError } from '../kernel/errors';

/** A rolling hour, the window of every plan's limit (spec 8). */
export const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/** What the `X-RateLimit-*` headers report after a request. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix seconds at which one more request becomes available (now when some remain). */
  reset: number;
}

/**
 * Main API rate limits per account over a rolling hour on the engine's clock: the instants of
 * the requests still inside the window are kept, so exactly `limit` requests pass in any hour.
 * Counts live in memory: a restart of the server forgives what was spent.
 */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /**
   * Counts one request of `accountId`, or throws `RateLimitError` (with the state to report)
   * when the account has used its `limit` in the last hour.
   */
  take(accountId: string, limit: number): RateLimitState {
    const now = this.now();
    const hits = this.live(accountId, now);
    if (hits.length >= limit) {
      const state = this.state(hits, limit, now);
      const retryAfter = Math.max(1, state.reset - Math.floor(now / 1000));
      throw new RateLimitExceeded(
        `Rate limit of ${limit} requests per hour reached; retry after ${retryAfter} seconds, or move to a plan with a higher limit.`,
        retryAfter,
        state,
      );
    }
    hits.push(now);
    return this.state(hits, limit, now);
  }

  /** Forgets every count (after a reset of the whole state). */
  clear(): void {
    this.windows.clear();
  }

  private live(accountId: string, now: number): number[] {
    let hits = this.windows.get(accountId);
    if (!hits) {
      hits = [];
      this.windows.set(accountId, hits);
    }
    const firstLive = hits.findIndex((at) => at > now - RATE_LIMIT_WINDOW_MS);
    if (firstLive === -1) hits.length = 0;
    else if (firstLive > 0) hits.splice(0, firstLive);
    return hits;
  }

  private state(hits: number[], limit: number, now: number): RateLimitState {
    const remaining = Math.max(0, limit - hits.length);
    const oldest = hits[0];
    const reset = remaining > 0 || oldest === undefined ? now : oldest + RATE_LIMIT_WINDOW_MS;
    return { limit, remaining, reset: Math.ceil(reset / 1000) };
  }
}

/** A 429 that also carries the counts for the response headers. */
export class RateLimitExceeded extends RateLimitError {
  constructor(
    message: string,
    retryAfterSeconds: number,
    readonly state: RateLimitState,
  ) {
    super(message, retryAfterSeconds);
  }
}
