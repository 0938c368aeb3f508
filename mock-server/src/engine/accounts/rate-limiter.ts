import { DuplicateRowError, type StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import { RateLimitError } from '../kernel/errors';
import type { RateLimitHitRecord } from '../kernel/records';

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
 * Main API rate limits per account over a rolling hour on the engine's clock. Each request
 * inside the window is a row of `rate_limit_hits`, counted and added in one transaction, so
 * exactly `limit` requests pass in any hour: across a restart, and across every server on the
 * same database.
 */
export class RateLimiter {
  /**
   * Names this server in the ids of its hits (set once the engine knows its boot), so servers
   * sharing a store never insert one id at once, which would make one wait for the other.
   */
  owner = 'server';

  constructor(private readonly ctx: EngineContext) {}

  /**
   * Counts one request of `accountId`, or throws `RateLimitError` (with the state to report) when
   * the account has used its `limit` in the last hour.
   */
  async take(accountId: string, limit: number): Promise<RateLimitState> {
    const now = this.ctx.clock.now();
    const { allowed, state } = await this.ctx.store.transaction(async (tx) => {
      await tx.deleteWhere('rate_limit_hits', {
        account_id: accountId,
        at: { lte: now - RATE_LIMIT_WINDOW_MS },
      });
      const used = await tx.count('rate_limit_hits', { account_id: accountId });
      if (used >= limit) return { allowed: false, state: await this.state(tx, accountId, used, limit, now) };
      await this.insertHit(tx, accountId, now, used);
      return { allowed: true, state: await this.state(tx, accountId, used + 1, limit, now) };
    });
    if (!allowed) {
      const retryAfter = Math.max(1, state.reset - Math.floor(now / 1000));
      throw new RateLimitExceeded(
        `Rate limit of ${limit} requests per hour reached; retry after ${retryAfter} seconds, or move to a plan with a higher limit.`,
        retryAfter,
        state,
      );
    }
    return state;
  }

  /** A row for one more request at `now`; requests of one millisecond get the next free number. */
  private async insertHit(tx: StoreWriter, accountId: string, now: number, used: number): Promise<void> {
    for (let n = used; ; n++) {
      const hit: RateLimitHitRecord = {
        id: `${accountId}:${now}:${this.owner}:${n}`,
        account_id: accountId,
        at: now,
      };
      try {
        await tx.insert('rate_limit_hits', hit);
        return;
      } catch (error) {
        if (!(error instanceof DuplicateRowError)) throw error;
      }
    }
  }

  private async state(
    tx: StoreWriter,
    accountId: string,
    used: number,
    limit: number,
    now: number,
  ): Promise<RateLimitState> {
    const remaining = Math.max(0, limit - used);
    if (remaining > 0) return { limit, remaining, reset: Math.ceil(now / 1000) };
    const [oldest] = await tx.find<RateLimitHitRecord>('rate_limit_hits', {
      where: { account_id: accountId },
      orderBy: [['at', 'asc']],
      limit: 1,
    });
    const reset = oldest === undefined ? now : oldest.at + RATE_LIMIT_WINDOW_MS;
    return { limit, remaining, reset: Math.ceil(reset / 1000) };
  }
}

/**
 * A 429 that also carries the counts for the response headers.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitExceeded) {
 *   headers['X-RateLimit-Remaining'] = String(error.state.remaining);
 *   headers['Retry-After'] = String(error.retryAfterSeconds);
 * }
 * ```
 */
export class RateLimitExceeded extends RateLimitError {
  constructor(
    message: string,
    retryAfterSeconds: number,
    readonly state: RateLimitState,
  ) {
    super(message, retryAfterSeconds);
  }
}
