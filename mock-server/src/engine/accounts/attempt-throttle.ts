import { DuplicateRowError, type StoreReader, type StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';

/**
 * The table of recent failed attempts (see `AttemptThrottle`). Its name is older than the main
 * API's use of it: dashboard sign-ins and wrong API keys share it, each with subjects of its own.
 */
export const ATTEMPTS_TABLE = 'sign_in_attempts';

/** The rolling window of every limit: a minute. */
export const ATTEMPT_WINDOW_MS = 60 * 1000;

/** Sign-in attempts one subject (a client address, a key prefix) may make in a window. */
export const SIGN_IN_ATTEMPT_LIMIT = 10;

/** One attempt of one subject that failed or is being checked. */
export interface AttemptRecord {
  id: string;
  /**
   * Who is counted: `address:<client address>` or `key:<first characters of the key sent>` for
   * dashboard sign-ins, `api-address:<client address>` for wrong main API keys.
   */
  subject: string;
  /** Wall-clock milliseconds. */
  at: number;
}

/**
 * Throttling of failed attempts in the store, so that every server on one database counts the
 * same ones: each subject may fail `limit` times in a rolling minute. Two ways to count:
 *
 * - `take` counts an attempt before it is checked, in the transaction that counts the others,
 *   and `forgive` removes it once it succeeded, so concurrent guesses cannot slip past the limit
 *   (the dashboard's sign-in, where a write per success is cheap);
 * - `check` only reads, and `record` counts a failure after it happened, so a success costs no
 *   write (the main API, where every request is checked). Requests already in flight when the
 *   limit is reached may still be checked.
 *
 * @example
 * ```ts
 * const attempt = await engine.attemptThrottle.take(['address:203.0.113.7', 'key:rq_test_abcd'], wallClockNow);
 * if ('retryAfterSeconds' in attempt) return tooManyAttempts(attempt.retryAfterSeconds);
 * if (await keyIsRight()) await engine.attemptThrottle.forgive(attempt);
 *
 * const wait = await engine.attemptThrottle.check(['api-address:203.0.113.7'], wallClockNow, 30);
 * if (wait === undefined && !(await keyIsRight())) await engine.attemptThrottle.record(['api-address:203.0.113.7'], wallClockNow);
 * ```
 */
export class AttemptThrottle {
  constructor(private readonly ctx: EngineContext) {}

  /**
   * Counts one attempt of each subject at `now` (wall-clock milliseconds), or answers how many
   * seconds to wait when one of them has used its `limit` attempts of the last minute.
   *
   * @example
   * ```ts
   * const attempt = await engine.attemptThrottle.take([`address:${ip}`], Date.now());
   * if ('retryAfterSeconds' in attempt) return tooManyAttempts(attempt.retryAfterSeconds);
   * if (keyIsRight) await engine.attemptThrottle.forgive(attempt);
   * ```
   */
  async take(
    subjects: readonly string[],
    now: number,
    limit = SIGN_IN_ATTEMPT_LIMIT,
  ): Promise<{ ids: string[] } | { retryAfterSeconds: number }> {
    return this.ctx.store.transaction(async (tx) => {
      // Every expired attempt goes, not only these subjects': addresses and prefixes that never
      // come back leave nothing behind.
      await tx.deleteWhere(ATTEMPTS_TABLE, { at: { lte: now - ATTEMPT_WINDOW_MS } });
      let waitUntil = 0;
      for (const subject of subjects) {
        if ((await tx.count(ATTEMPTS_TABLE, { subject })) < limit) continue;
        waitUntil = Math.max(waitUntil, await oldestAttempt(tx, subject, now));
      }
      if (waitUntil > 0) return { retryAfterSeconds: secondsUntil(waitUntil, now) };
      return { ids: await insertAttempts(tx, subjects, now) };
    });
  }

  /**
   * Removes the attempts of a sign-in whose key was right: only failures count.
   *
   * @example
   * ```ts
   * const attempt = await engine.attemptThrottle.take([`address:${ip}`], Date.now());
   * if ('ids' in attempt && keyIsRight) await engine.attemptThrottle.forgive(attempt);
   * ```
   */
  async forgive(attempt: { ids: readonly string[] }): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      for (const id of attempt.ids) await tx.delete(ATTEMPTS_TABLE, id);
    });
  }

  /**
   * How many seconds to wait when one of `subjects` failed `limit` times in the minute before
   * `now`, else undefined. Reads only: the count of a subject is one counter, and only a subject
   * at its limit has its rows of the window counted.
   *
   * @example
   * ```ts
   * const wait = await engine.attemptThrottle.check([`api-address:${ip}`], Date.now(), 20);
   * if (wait !== undefined) return tooManyRequests(wait);
   * ```
   */
  async check(subjects: readonly string[], now: number, limit: number): Promise<number | undefined> {
    const store = this.ctx.store;
    let waitUntil = 0;
    for (const subject of subjects) {
      // The counter includes expired rows not yet removed: only a subject it puts at the limit is looked at.
      if ((await store.count(ATTEMPTS_TABLE, { subject })) < limit) continue;
      const recent = await store.count(ATTEMPTS_TABLE, { subject, at: { gt: now - ATTEMPT_WINDOW_MS } });
      if (recent < limit) continue;
      waitUntil = Math.max(waitUntil, await oldestAttempt(store, subject, now));
    }
    return waitUntil > 0 ? secondsUntil(waitUntil, now) : undefined;
  }

  /**
   * Counts one failed attempt of each subject at `now`, and removes every expired one.
   *
   * @example
   * ```ts
   * if (!account) await engine.attemptThrottle.record([`api-address:${ip}`], Date.now());
   * ```
   */
  async record(subjects: readonly string[], now: number): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      await tx.deleteWhere(ATTEMPTS_TABLE, { at: { lte: now - ATTEMPT_WINDOW_MS } });
      await insertAttempts(tx, subjects, now);
    });
  }
}

/** When the oldest attempt of `subject` inside the window leaves it. */
async function oldestAttempt(reader: StoreReader, subject: string, now: number): Promise<number> {
  const [oldest] = await reader.find<AttemptRecord>(ATTEMPTS_TABLE, {
    where: { subject, at: { gt: now - ATTEMPT_WINDOW_MS } },
    orderBy: [['at', 'asc']],
    limit: 1,
  });
  return (oldest?.at ?? now) + ATTEMPT_WINDOW_MS;
}

function secondsUntil(waitUntil: number, now: number): number {
  return Math.max(1, Math.ceil((waitUntil - now) / 1000));
}

async function insertAttempts(tx: StoreWriter, subjects: readonly string[], now: number): Promise<string[]> {
  const ids: string[] = [];
  for (const subject of subjects) {
    for (let n = 0; ; n++) {
      const id = `${subject}:${now}:${n}`;
      try {
        await tx.insert(ATTEMPTS_TABLE, { id, subject, at: now } satisfies AttemptRecord);
        ids.push(id);
        break;
      } catch (error) {
        if (!(error instanceof DuplicateRowError)) throw error;
      }
    }
  }
  return ids;
}
