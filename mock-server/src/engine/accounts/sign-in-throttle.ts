import { DuplicateRowError } from '../../store/store';
import type { EngineContext } from '../kernel/context';

/** The table of recent dashboard sign-in attempts (see `SignInThrottle`). */
export const SIGN_IN_ATTEMPTS_TABLE = 'sign_in_attempts';

/** Attempts one subject (a client address, a key prefix) may make in a window. */
export const SIGN_IN_ATTEMPT_LIMIT = 10;

/** The rolling window of the limit: a minute. */
export const SIGN_IN_WINDOW_MS = 60 * 1000;

/** One sign-in attempt of one subject that failed or is being checked. */
export interface SignInAttemptRecord {
  id: string;
  /** `address:<client address>` or `key:<first characters of the key sent>`. */
  subject: string;
  /** Wall-clock milliseconds. */
  at: number;
}

/**
 * Sign-in throttling in the store, so that every server on one database counts the same
 * attempts: each subject (the client's address, the first characters of the key sent) may try
 * `SIGN_IN_ATTEMPT_LIMIT` times in a rolling minute. An attempt is counted before the key is
 * checked, in the transaction that counts the others, and forgiven once the key was right, so
 * concurrent guesses cannot slip past the limit.
 *
 * @example
 * ```ts
 * const attempt = await engine.signInThrottle.take(['address:203.0.113.7', 'key:rq_test_abcd'], wallClockNow);
 * if ('retryAfterSeconds' in attempt) return tooManyAttempts(attempt.retryAfterSeconds);
 * if (await keyIsRight()) await engine.signInThrottle.forgive(attempt);
 * ```
 */
export class SignInThrottle {
  constructor(private readonly ctx: EngineContext) {}

  /**
   * Counts one attempt of each subject at `now` (wall-clock milliseconds), or answers how many
   * seconds to wait when one of them has used its attempts of the last minute.
   */
  async take(
    subjects: readonly string[],
    now: number,
  ): Promise<{ ids: string[] } | { retryAfterSeconds: number }> {
    return this.ctx.store.transaction(async (tx) => {
      // Every expired attempt goes, not only these subjects': addresses and prefixes that never
      // come back leave nothing behind.
      await tx.deleteWhere(SIGN_IN_ATTEMPTS_TABLE, { at: { lte: now - SIGN_IN_WINDOW_MS } });
      let waitUntil = 0;
      for (const subject of subjects) {
        if ((await tx.count(SIGN_IN_ATTEMPTS_TABLE, { subject })) < SIGN_IN_ATTEMPT_LIMIT) continue;
        const [oldest] = await tx.find<SignInAttemptRecord>(SIGN_IN_ATTEMPTS_TABLE, {
          where: { subject },
          orderBy: [['at', 'asc']],
          limit: 1,
        });
        waitUntil = Math.max(waitUntil, (oldest?.at ?? now) + SIGN_IN_WINDOW_MS);
      }
      if (waitUntil > 0) return { retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - now) / 1000)) };
      const ids: string[] = [];
      for (const subject of subjects) {
        for (let n = 0; ; n++) {
          const id = `${subject}:${now}:${n}`;
          try {
            await tx.insert(SIGN_IN_ATTEMPTS_TABLE, { id, subject, at: now } satisfies SignInAttemptRecord);
            ids.push(id);
            break;
          } catch (error) {
            if (!(error instanceof DuplicateRowError)) throw error;
          }
        }
      }
      return { ids };
    });
  }

  /** Removes the attempts of a sign-in whose key was right: only failures count. */
  async forgive(attempt: { ids: readonly string[] }): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      for (const id of attempt.ids) await tx.delete(SIGN_IN_ATTEMPTS_TABLE, id);
    });
  }
}
