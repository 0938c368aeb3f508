import type { BulkExport } from '@rankquill/contract';

/** A message shown once, on the page after a form was sent. */
export interface Flash {
  kind: 'success' | 'error';
  message: string;
  /** The field the message is about, named as in the form. */
  field?: string;
  /** What the form held, to fill it in again after an error. */
  values?: Record<string, string>;
  /** A secret the user asked to see, shown on this one page. */
  revealed?: { label: string; value: string };
}

/** What the dashboard keeps about one signed-in browser; never the API key itself. */
export interface Session {
  /** SHA-256 of the main API key the browser signed in with, as the account record holds it. */
  apiKeyHash: string;
  /** Sent back by every form of the session; a form without it is refused. */
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  flash?: Flash;
  /** Bulk exports started from this session, per project, newest first (the API has no list of them). */
  exports: Map<string, BulkExport['id'][]>;
}

export interface SessionStoreOptions {
  /** Wall-clock milliseconds; sessions run on real time even when the server's clock is manual. */
  now?: () => number;
  /** A session unused this long ends (default 12 hours). */
  idleMs?: number;
  /** A session ends this long after sign-in whatever its use (default 7 days). */
  maxAgeMs?: number;
  /** Most sessions kept at once; the least recently used go first (default 10,000). */
  maxSessions?: number;
}

const HOUR = 60 * 60 * 1000;

/**
 * Sessions in this process's memory, found by a random 256-bit id that only the session cookie
 * carries. They are keyed by the id's SHA-256, so the map never holds a usable cookie value. A
 * restart signs everyone out.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly now: () => number;
  private readonly idleMs: number;
  private readonly maxAgeMs: number;
  private readonly maxSessions: number;

  constructor(options: SessionStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? 12 * HOUR;
    this.maxAgeMs = options.maxAgeMs ?? 7 * 24 * HOUR;
    this.maxSessions = options.maxSessions ?? 10_000;
  }

  /** Starts a session; answers the cookie value (the id) and the session. */
  async create(apiKeyHash: string): Promise<{ id: string; session: Session }> {
    const id = randomToken();
    const at = this.now();
    const session: Session = {
      apiKeyHash,
      csrfToken: randomToken(),
      createdAt: at,
      lastSeenAt: at,
      exports: new Map(),
    };
    this.sessions.set(await digest(id), session);
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
    return { id, session };
  }

  /** The live session of a cookie value, or `undefined`; using it keeps it alive. */
  async find(id: string | undefined): Promise<Session | undefined> {
    if (!id || id.length > 100) return undefined;
    const key = await digest(id);
    const session = this.sessions.get(key);
    if (!session) return undefined;
    const at = this.now();
    if (at - session.lastSeenAt > this.idleMs || at - session.createdAt > this.maxAgeMs) {
      this.sessions.delete(key);
      return undefined;
    }
    session.lastSeenAt = at;
    // Re-inserting keeps the map in least-recently-used order for eviction.
    this.sessions.delete(key);
    this.sessions.set(key, session);
    return session;
  }

  async delete(id: string): Promise<void> {
    this.sessions.delete(await digest(id));
  }
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
