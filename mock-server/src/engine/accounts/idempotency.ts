import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import { ConflictError, InvalidRequestError } from '../kernel/errors';
import { sha256Hex } from '../kernel/hash';
import type { IdempotencyRecord } from '../kernel/records';

/** How long a key replays its first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

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
    // Requests with one key run one after the other, so a retry racing the original replays it.
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
    const now = this.ctx.clock.now();
    const stored = await this.ctx.store.get<IdempotencyRecord>('idempotency', id);
    if (stored && stored.expires_at > now) {
      if (stored.fingerprint !== fingerprint) {
        throw new ConflictError(
          'This Idempotency-Key was already used with another request in the last 24 hours; send a new key for a new request.',
          'Idempotency-Key',
        );
      }
      return { status: stored.status, body: stored.body, replayed: true };
    }
    let kept: unknown;
    const keep = async (tx: StoreWriter, answer: StoredAnswer) => {
      await tx.deleteWhere('idempotency', { expires_at: { lte: now } });
      await tx.put('idempotency', {
        id,
        fingerprint,
        status: answer.status,
        body: answer.body,
        expires_at: now + IDEMPOTENCY_WINDOW_MS,
      } satisfies IdempotencyRecord);
    };
    const answer = await execute(async (tx, effectAnswer) => {
      await keep(tx, effectAnswer);
      kept = effectAnswer.body;
    });
    // An answer without an effect (a 4xx) is kept on its own: nothing ran that a retry could
    // repeat. A 5xx is not kept, so the client may retry with the same key.
    if (answer.body !== kept && answer.status < 500) {
      await this.ctx.store.transaction((tx) => keep(tx, answer));
    }
    return { ...answer, replayed: false };
  }
}
