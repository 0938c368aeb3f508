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

/**
 * `Idempotency-Key` on POST: the same key and request within 24 hours replays the first
 * answer; the same key with another request is a 409. Keys are scoped to the account.
 */
export class IdempotencyService {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: EngineContext) {}

  async run(
    accountId: string,
    key: string,
    request: { method: string; path: string; body: string },
    execute: () => Promise<StoredAnswer>,
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
    execute: () => Promise<StoredAnswer>,
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
    const answer = await execute();
    // Only answers the client should not repeat are kept: a 5xx may be retried with the same key.
    if (answer.status < 500) {
      await this.ctx.store.transaction(async (tx) => {
        await tx.deleteWhere('idempotency', { expires_at: { lte: now } });
        await tx.put('idempotency', {
          id,
          fingerprint,
          status: answer.status,
          body: answer.body,
          expires_at: now + IDEMPOTENCY_WINDOW_MS,
        } satisfies IdempotencyRecord);
      });
    }
    return { ...answer, replayed: false };
  }
}
