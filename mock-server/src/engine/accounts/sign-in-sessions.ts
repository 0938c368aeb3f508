import type { EngineContext } from '../kernel/context';

/** The table of browser sign-ins (see `SignInSessions`). */
export const SIGN_IN_SESSIONS_TABLE = 'sign_in_sessions';

/**
 * One signed-in browser as the store keeps it. `id` is a hash of the session cookie, never the
 * cookie; `state` is the adapter's (the dashboard's), as JSON.
 */
export interface SignInSessionRecord<State = unknown> {
  id: string;
  /** The SHA-256 of the main API key the browser signed in with, as the account record holds it. */
  api_key_hash: string;
  /** Wall-clock milliseconds of the last use. */
  last_seen_at: number;
  state: State;
}

/**
 * Browser sign-ins kept in the store, so that every server on the same database knows a browser
 * signed in through another one, and a restart signs no one out. The adapter that signs browsers
 * in owns what a session means (its expiry, its form token, its messages); the engine only keeps
 * the rows and removes the ones it is told are stale.
 *
 * @example
 * ```ts
 * await engine.signInSessions.save({ id: cookieHash, api_key_hash, last_seen_at: wallClockMs, state });
 * const found = await engine.signInSessions.find(cookieHash);
 * ```
 */
export class SignInSessions {
  constructor(private readonly ctx: EngineContext) {}

  /**
   * The session with this id (the hash of its cookie), or undefined.
   * @example const session = await engine.signInSessions.find<DashboardState>(cookieHash);
   */
  find<State>(id: string): Promise<SignInSessionRecord<State> | undefined> {
    return this.ctx.store.get<SignInSessionRecord<State>>(SIGN_IN_SESSIONS_TABLE, id);
  }

  /**
   * Inserts or replaces the session with this id.
   * @example await engine.signInSessions.save({ id: cookieHash, api_key_hash, last_seen_at: Date.now(), state });
   */
  async save<State>(record: SignInSessionRecord<State>): Promise<void> {
    await this.ctx.store.transaction((tx) => tx.put(SIGN_IN_SESSIONS_TABLE, record));
  }

  /**
   * Replaces a session that still exists, in one transaction, so that a session signed out
   * meanwhile stays signed out; answers whether it was there.
   * @example const stillSignedIn = await engine.signInSessions.update({ ...session, last_seen_at: Date.now() });
   */
  async update<State>(record: SignInSessionRecord<State>): Promise<boolean> {
    return this.ctx.store.transaction(async (tx) => {
      if (!(await tx.get(SIGN_IN_SESSIONS_TABLE, record.id))) return false;
      await tx.put(SIGN_IN_SESSIONS_TABLE, record);
      return true;
    });
  }

  /**
   * Signs the session with this id out; nothing happens when there is none.
   * @example await engine.signInSessions.remove(cookieHash);
   */
  async remove(id: string): Promise<void> {
    await this.ctx.store.transaction((tx) => tx.delete(SIGN_IN_SESSIONS_TABLE, id));
  }

  /**
   * Removes the sessions unused since `before`, and of one key's sessions all but the `keep`
   * most recently used, so that sign-ins with one key cannot grow the table without bound.
   * @example await engine.signInSessions.prune(api_key_hash, Date.now() - 12 * 3600_000, 20);
   */
  async prune(apiKeyHash: string, before: number, keep: number): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      await tx.deleteWhere(SIGN_IN_SESSIONS_TABLE, { last_seen_at: { lt: before } });
      const surplus = await tx.find<SignInSessionRecord>(SIGN_IN_SESSIONS_TABLE, {
        where: { api_key_hash: apiKeyHash },
        orderBy: [['last_seen_at', 'desc']],
        offset: keep,
      });
      for (const session of surplus) await tx.delete(SIGN_IN_SESSIONS_TABLE, session.id);
    });
  }

  /**
   * Every session, for a reset of the data that keeps browsers signed in.
   * @example const signedIn = await engine.signInSessions.all();
   */
  all(): Promise<SignInSessionRecord[]> {
    return this.ctx.store.find<SignInSessionRecord>(SIGN_IN_SESSIONS_TABLE);
  }

  /**
   * Puts back sessions read with `all` (after a reset of the data), replacing any with the same id.
   *
   * @example
   * ```ts
   * const signedIn = await engine.signInSessions.all();
   * await engine.reset();
   * await engine.signInSessions.restore(signedIn);
   * ```
   */
  async restore(records: readonly SignInSessionRecord[]): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      for (const record of records) await tx.put(SIGN_IN_SESSIONS_TABLE, record);
    });
  }
}
