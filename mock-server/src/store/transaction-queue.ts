import type { Condition, Identified, Query, StoreReader } from './store';

/**
 * The order every store keeps: transactions run one at a time in the order they were asked for,
 * and once the store is closing, new work is refused while queued work still finishes.
 */
export interface TransactionQueue {
  /** Throws when the store is closed. */
  checkOpen(): void;
  /** Runs `work` after everything queued before it (a failure does not stop the queue). */
  enqueue<T>(work: () => Promise<T>): Promise<T>;
  /** Refuses new work and waits for the queued; answers false when the store was already closed. */
  close(): Promise<boolean>;
}

/**
 * @example
 * const queue = transactionQueue('memory');
 * await queue.enqueue(async () => 'runs alone');
 * await queue.close();
 */
export function transactionQueue(storeName: string): TransactionQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  const closedError = () => new Error(`the ${storeName} store is closed`);
  return {
    checkOpen() {
      if (closed) throw closedError();
    },
    enqueue<T>(work: () => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(closedError());
      const result = tail.then(work);
      tail = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (closed) return false;
      closed = true;
      await tail;
      return true;
    },
  };
}

/** `reader`'s reads, refused once the queue's store is closed. */
export function readsWhileOpen(queue: TransactionQueue, reader: StoreReader): StoreReader {
  return {
    async get<T extends Identified>(table: string, id: string): Promise<T | undefined> {
      queue.checkOpen();
      return reader.get<T>(table, id);
    },
    async find<T extends Identified>(table: string, query?: Query): Promise<T[]> {
      queue.checkOpen();
      return reader.find<T>(table, query);
    },
    async count(table: string, where?: Record<string, Condition>): Promise<number> {
      queue.checkOpen();
      return reader.count(table, where);
    },
  };
}
