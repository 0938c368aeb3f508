import type { StoreWriter } from '../../store/store';

/**
 * Writes what must land in the same transaction as an operation's effect, given the answer the
 * operation gives: the API layer passes one to keep the answer of an `Idempotency-Key`, so a
 * crash between the effect and that record cannot make a retried POST run twice. Services that
 * take one call it at the end of their effect's transaction.
 */
export type AnswerRecorder = (tx: StoreWriter, answer: unknown) => Promise<void>;

/** Hands `answer` to `record` inside `tx` (when there is a recorder), then answers it. */
export async function recorded<T>(
  tx: StoreWriter,
  answer: T,
  record: AnswerRecorder | undefined,
): Promise<T> {
  await record?.(tx, answer);
  return answer;
}
