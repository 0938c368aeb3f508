import { CLOCK_MODE_HEADER } from './admin';

/**
 * How every Rankquill client behaves where the service leaves the choice to the client: where
 * each API lives, default timeouts and retries, the retry backoff, how long a server may ask a
 * client to wait, and how often `createAndWait` polls. The OpenAPI document carries it as
 * `x-rankquill-client-policy`, from which `scripts/models` writes each language's constants, so
 * the four clients read these numbers from one place; `vectors/retries.json`,
 * `vectors/errors.json` and `vectors/pagination.json` show what they mean.
 *
 * @example
 * ```ts
 * import { CLIENT_POLICY } from '@rankquill/contract';
 * const { initialDelayMs, maxDelayMs, jitter } = CLIENT_POLICY.retry;
 * const secondRetry = Math.min(initialDelayMs * 2, maxDelayMs) * (1 - 0.5 * jitter); // 875
 * ```
 */
export const CLIENT_POLICY = {
  /** Path of each API on its server; a client's base URL ends with it. */
  basePaths: { api: '/v1', publicArticleApi: '/public-article-api' },
  /** Default time one attempt may take, by client. */
  timeoutMs: { main: 60_000, publicArticles: 30_000 },
  /** Retries after the first attempt, unless the caller sets its own. */
  maxRetries: 2,
  retry: {
    /** Retried besides connection errors, timeouts and every 5xx. */
    statuses: [408, 429],
    /** Backoff before retry `n` (1 for the first): `min(initialDelayMs * 2^(n-1), maxDelayMs)`... */
    initialDelayMs: 500,
    maxDelayMs: 8_000,
    /** ...less up to this share of it, at random, so clients that failed together spread out. */
    jitter: 0.25,
    /**
     * Statuses on which the server's `Retry-After` decides the wait, or without it
     * `X-RateLimit-Reset`, but only when `X-RateLimit-Remaining` is `0` and the reset is still
     * ahead: every answer carries the reset, which is now while requests remain, and reading that
     * as "wait 0" would have every client retry an outage at once, in step. Otherwise: backoff.
     */
    serverWaitStatuses: [429, 503],
    /**
     * Longest wait a client accepts from the server. A longer `Retry-After` is not waited for: the
     * error reaches the caller at once, who decides. A longer `X-RateLimit-Reset` is cut to it.
     */
    maxServerWaitMs: 60_000,
    /**
     * An `X-RateLimit-Reset` of at least this many milliseconds since 1970 (2024-01-01) is read as
     * a Unix time; a smaller one is a number of seconds to wait.
     */
    earliestResetTimestampMs: 1_704_067_200_000,
  },
  /** How much of a body that is not the API's error JSON an error message quotes, in characters. */
  errorExcerptChars: 500,
  polling: {
    /** Wait between two looks at a bulk export being built. */
    exportIntervalMs: 1_000,
    /** Wait between two looks at an article still generating, after its estimate has passed. */
    contentRepollIntervalMs: 2_000,
    /** Longest `createAndWait` waits by default. */
    waitTimeoutMs: 600_000,
    /** Longest a client polls a server on the manual clock, whose time only moves when told to. */
    manualClockWaitMs: 1_000,
  },
  /** Answer header that says the server runs on the manual clock (`manual`). */
  clockModeHeader: CLOCK_MODE_HEADER,
} as const;
