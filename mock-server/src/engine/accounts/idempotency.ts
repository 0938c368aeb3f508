import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import { ConflictError, InvalidRequestError } from '../kernel/errors';
import { sha256Hex } from '../kernel/hash';
import type { IdempotencyRecord } from '../kernel/records';

/** How long a key replays its first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How long a server's claim on a key holds (on the engine's clock) if it never answers, such as after a crash. */
const CLAIM_MS = 60_000;
/** How long a request waits for another server to answer the same key before a 409, and how often it looks. */
const CLAIM_WAIT_MS = 10_000;
const CLAIM_POLL_MS = 25;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** Keeps an answer inside the transaction of the effect it answers (see `AnswerRecorder`). */
export type StoredAnswerRecorder = (tx: StoreWriter, answer: StoredAnswer) => Promise<void>;

/**
 * `Idempotency-Key` on POST: the same key and request within 24 hours replays the first
 * answer; the same key with another request is a 409. Keys are scoped to the account. The
 * answer of a request that changed something is kept in the transaction of that change, so a
 * crash between the two cannot make a retry run it again.
 */
export class IdempotencyService {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: EngineContext) {}

  async run(
    accountId: string,
    key: string,
    request: { method: string; path: string; body: string },
    execute: (record: StoredAnswerRecorder) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    if (key.length === 0 || key.length > 255) {
      throw new InvalidRequestError('`Idempotency-Key` must be 1 to 255 characters.', 'Idempotency-Key');
    }
    const id = `${accountId}:${key}`;
    // Requests with one key run one after the other, so a retry racing the original replays it;
    // across servers the key's row in the store is the claim (see `claim`).
    while (this.inFlight.has(id)) await this.inFlight.get(id)?.catch(() => undefined);
    const attempt = this.attempt(id, request, execute);
    this.inFlight.set(id, attempt);
    try {
      return await attempt;
    } finally {
      this.inFlight.delete(id);
    }
  }

  private async attempt(
    id: string,
    request: { method: string; path: string; body: string },
    execute: (record: StoredAnswerRecorder) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const fingerprint = await sha256Hex(`${request.method} ${request.path}\n${request.body}`);
    let waited = 0;
    for (;;) {
      const found = await this.claim(id, fingerprint, this.ctx.clock.now());
      if (found === 'claimed') break;
      if (found !== 'busy') return { status: found.status as number, body: found.body, replayed: true };
      // Another server runs the first request with this key: wait for its answer, a while.
      if (waited >= CLAIM_WAIT_MS) {
        throw new ConflictError(
          'A request with this Idempotency-Key is still running; retry it in a moment to get its answer.',
          'Idempotency-Key',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      waited += CLAIM_POLL_MS;
    }
    const keep = (tx: StoreWriter, answer: StoredAnswer) => this.keep(tx, id, fingerprint, answer);
    let kept: unknown;
    let answer: StoredAnswer | undefined;
    try {
      answer = await execute(async (tx, effectAnswer) => {
        await keep(tx, effectAnswer);
        kept = effectAnswer.body;
      });
      return { ...answer, replayed: false };
    } finally {
      if (answer === undefined || answer.body !== kept) await this.settle(id, fingerprint, answer);
    }
  }

  /**
   * For an answer not kept with an effect: keeps a 4xx (nothing ran that a retry could repeat);
   * frees the key after a 5xx or no answer at all, so the client may retry with it.
   */
  private async settle(id: string, fingerprint: string, answer: StoredAnswer | undefined): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      if (answer !== undefined && answer.status < 500) return this.keep(tx, id, fingerprint, answer);
      const stored = await tx.get<IdempotencyRecord>('idempotency', id);
      if (stored?.status === null) await tx.delete('idempotency', id);
    });
  }

  /**
   * In one transaction: the stored answer to replay, `busy` while another request holds the key,
   * or `claimed` once this request holds it. Throws on a key used with another request.
   */
  private claim(
    id: string,
    fingerprint: string,
    now: number,
  ): Promise<IdempotencyRecord | 'busy' | 'claimed'> {
    return this.ctx.store.transaction(async (tx) => {
      const stored = await tx.get<IdempotencyRecord>('idempotency', id);
      const live = stored !== undefined && stored.expires_at > now;
      const claimed = live && stored.status === null && (stored.claimed_until ?? 0) > now;
      if (live && (stored.status !== null || claimed) && stored.fingerprint !== fingerprint) {
        throw new ConflictError(
          'This Idempotency-Key was already used with another request in the last 24 hours; send a new key for a new request.',
          'Idempotency-Key',
        );
      }
      if (live && stored.status !== null) return stored;
      if (claimed) return 'busy';
      await tx.deleteWhere('idempotency', { expires_at: { lte: now } });
      await tx.put('idempotency', {
        id,
        fingerprint,
        status: null,
        body: null,
        expires_at: now + IDEMPOTENCY_WINDOW_MS,
        claimed_until: now + CLAIM_MS,
      } satisfies IdempotencyRecord);
      return 'claimed';
    });
  }

  /** Writes the answer to replay in place of the claim. */
  private async keep(tx: StoreWriter, id: string, fingerprint: string, answer: StoredAnswer): Promise<void> {
    await tx.put('idempotency', {
      id,
      fingerprint,
      status: answer.status,
      body: answer.body,
      expires_at: this.ctx.clock.now() + IDEMPOTENCY_WINDOW_MS,
    } satisfies IdempotencyRecord);
  }
}
