import type { BulkExport } from '@rankquill/contract';
import type { SignInSessions } from '../engine/index';

/** A message shown once, on the page after a form was sent. */
export interface Flash {
  kind: 'success' | 'error';
  message: string;
  /** The field the message is about, named as in the form. */
  field?: string;
  /** What the form held, to fill it in again after an error. */
  values?: Record<string, string>;
  /** A secret the user asked to see, shown on this one page: only in the answer to its form, never stored. */
  revealed?: { label: string; value: string };
}

/** What the dashboard keeps about one signed-in browser; never the API key itself. */
export interface Session {
  /** SHA-256 of the main API key the browser signed in with, as the account record holds it. */
  apiKeyHash: string;
  /** Sent back by every form of the session; a form without it is refused. */
  csrfToken: string;
  /** The dashboard origin the session was signed in at (`http://127.0.0.1:4010`); no other one takes it. */
  origin: string;
  createdAt: number;
  lastSeenAt: number;
  flash?: Flash;
  /** Bulk exports started from this session, per project id, newest first (the API has no list of them). */
  exports: Record<string, BulkExport['id'][]>;
}

/** What a session's row holds besides its key hash and last use. */
type SessionState = Pick<Session, 'csrfToken' | 'origin' | 'createdAt' | 'flash' | 'exports'>;

export interface SessionStoreOptions {
  /** Wall-clock milliseconds; sessions run on real time even when the server's clock is manual. */
  now?: () => number;
  /** A session unused this long ends (default 12 hours). */
  idleMs?: number;
  /** A session ends this long after sign-in whatever its use (default 7 days). */
  maxAgeMs?: number;
  /** Most sessions one API key keeps at once; the least recently used go first (default 100). */
  maxSessionsPerKey?: number;
}

const HOUR = 60 * 60 * 1000;
/**
 * A session used again within this span (or a tenth of the idle time, if shorter) is not written
 * back only to move its last use, so a burst of page loads costs one write.
 */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Sessions in the engine's store (so every server on one database shares them, and a restart
 * keeps them), found by a random 256-bit id that only the session cookie carries. Rows are keyed
 * by the id's SHA-256, so the store never holds a usable cookie value.
 *
 * @example
 * ```ts
 * const sessions = new SessionStore(engine.signInSessions);
 * const { id } = await sessions.create(account.api_key_hash, 'http://127.0.0.1:4010'); // the cookie's value
 * const session = await sessions.find(id, 'http://127.0.0.1:4010');
 * ```
 */
export class SessionStore {
  private readonly now: () => number;
  private readonly idleMs: number;
  private readonly maxAgeMs: number;
  private readonly maxSessionsPerKey: number;
  private readonly touchIntervalMs: number;
  /** Each found session's row as it was read, to write back only what changed. */
  private readonly loaded = new WeakMap<Session, { key: string; json: string; lastSeenAt: number }>();

  constructor(
    private readonly rows: SignInSessions,
    options: SessionStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? 12 * HOUR;
    this.maxAgeMs = options.maxAgeMs ?? 7 * 24 * HOUR;
    this.maxSessionsPerKey = options.maxSessionsPerKey ?? 100;
    this.touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, this.idleMs / 10);
  }

  /** Starts a session for the dashboard at `origin`; answers the cookie value (the id) and the session. */
  async create(apiKeyHash: string, origin: string): Promise<{ id: string; session: Session }> {
    const id = randomToken();
    const at = this.now();
    const session: Session = {
      apiKeyHash,
      csrfToken: randomToken(),
      origin,
      createdAt: at,
      lastSeenAt: at,
      exports: {},
    };
    const key = await digest(id);
    await this.rows.save({ id: key, api_key_hash: apiKeyHash, last_seen_at: at, state: stateOf(session) });
    await this.rows.prune(apiKeyHash, at - this.idleMs, this.maxSessionsPerKey);
    return { id, session };
  }

  /**
   * The live session of a cookie value signed in at `origin`, or `undefined`; using it keeps it
   * alive (see `settle`). A session of another origin (another port, another host name) is not
   * this dashboard's, whoever carries its cookie here.
   */
  async find(id: string | undefined, origin: string): Promise<Session | undefined> {
    if (!id || id.length > 100) return undefined;
    const key = await digest(id);
    const row = await this.rows.find<SessionState>(key);
    if (!row || row.state.origin !== origin) return undefined;
    const at = this.now();
    if (at - row.last_seen_at > this.idleMs || at - row.state.createdAt > this.maxAgeMs) {
      await this.rows.remove(key);
      return undefined;
    }
    const session: Session = { ...row.state, apiKeyHash: row.api_key_hash, lastSeenAt: at };
    this.loaded.set(session, { key, json: JSON.stringify(row.state), lastSeenAt: row.last_seen_at });
    return session;
  }

  /**
   * Writes back a found session after its request: when its message or exports changed, or its
   * stored last use is older than the touch interval.
   */
  async settle(session: Session): Promise<void> {
    const loaded = this.loaded.get(session);
    if (!loaded) return;
    const state = stateOf(session);
    const changed = JSON.stringify(state) !== loaded.json;
    if (!changed && session.lastSeenAt - loaded.lastSeenAt < this.touchIntervalMs) return;
    // A session signed out meanwhile (by another request) stays signed out.
    const kept = await this.rows.update({
      id: loaded.key,
      api_key_hash: session.apiKeyHash,
      last_seen_at: session.lastSeenAt,
      state,
    });
    if (!kept) return;
    this.loaded.set(session, { ...loaded, json: JSON.stringify(state), lastSeenAt: session.lastSeenAt });
  }

  async delete(id: string): Promise<void> {
    await this.rows.remove(await digest(id));
  }
}

function stateOf(session: Session): SessionState {
  const { csrfToken, origin, createdAt, flash, exports } = session;
  const state = { csrfToken, origin, createdAt, exports };
  return flash === undefined ? state : { ...state, flash };
}

/** 32 random bytes from the platform's cryptographic source, base64url. */
function randomToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function digest(text: string): Promise<string> {
  const hash = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(hash)));
}
