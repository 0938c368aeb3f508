import { type AccountRecord, AuthenticationError, type Engine, RateLimitError } from '../engine/index';

/**
 * Wrong main API keys one client address may send in a rolling minute before its requests get
 * 429, in each profile. The mock's is far above what a test suite sends (the suites of the four
 * languages and the schemathesis run all send wrong keys from 127.0.0.1 to shared servers); the
 * production one leaves room for a misconfigured client's retries, not for guessing.
 */
export const FAILED_AUTHENTICATION_LIMITS = { mock: 1000, production: 30 } as const;

/** How a server throttles wrong main API keys. */
export interface FailedAuthenticationOptions {
  /** Wrong keys per client address per minute; 0 turns the throttle off. */
  limit: number;
  /** Wall-clock milliseconds: the throttle runs on real time even when the server's clock is manual. */
  now: () => number;
}

/** The 429 of an address that sent too many wrong keys: the main API's `rate_limit_error`. */
export class TooManyFailedAuthentications extends RateLimitError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      `Too many requests with a wrong API key from this address (${limit} a minute); retry after ${retryAfterSeconds} seconds with the right key. Check the key in Authorization: Bearer <API_KEY>.`,
      retryAfterSeconds,
    );
  }
}

/**
 * The account of a request's main API key. An address that sent `limit` wrong keys in the last
 * minute gets `TooManyFailedAuthentications` before its key is looked at, whatever the key, so
 * guessing stays slow; a wrong key is counted after it failed, so a right one costs one read and
 * no write. Requests without a key, and requests whose adapter knows no client address (the
 * in-process MSW handlers), are not counted. The counts live in the store: every server on one
 * database shares them.
 *
 * @example
 * ```ts
 * const account = await authenticateBearer(engine, key, request.clientAddress, { limit: 30, now: Date.now });
 * ```
 */
export async function authenticateBearer(
  engine: Engine,
  key: string | undefined,
  clientAddress: string | undefined,
  options: FailedAuthenticationOptions,
): Promise<AccountRecord> {
  const subjects = key && clientAddress && options.limit > 0 ? [`api-address:${clientAddress}`] : undefined;
  const now = options.now();
  if (subjects) {
    const wait = await engine.attemptThrottle.check(subjects, now, options.limit);
    if (wait !== undefined) throw new TooManyFailedAuthentications(options.limit, wait);
  }
  try {
    return await engine.accounts.authenticate(key);
  } catch (error) {
    if (subjects && error instanceof AuthenticationError) await engine.attemptThrottle.record(subjects, now);
    throw error;
  }
}
