/**
 * One request as the journal keeps it. Everything in it is already redacted: the adapters build
 * it with `redactText`, `redactQuery` and `redactJson`, and no key or secret is ever stored.
 */
export interface JournalRecord {
  /** The request id its answer carried (`X-Request-Id`). */
  id: string;
  /** Arrival on the engine's clock. */
  at: number;
  operation: string | null;
  method: string;
  path: string;
  query: Record<string, string>;
  idempotencyKey: string | null;
  body: unknown;
  /** `null` when a fault closed the connection. */
  status: number | null;
  durationMs: number;
  fault: string | null;
  /** The account of the main API key, when it authenticated. */
  accountId: string | undefined;
  /** Fingerprint of the public article API key, for a request to that API. */
  publicKey: number | undefined;
}

/** Which requests a list or a clear is about; given both scopes, either. */
export interface JournalFilter {
  accountId?: string;
  /** Fingerprints of public article API keys. */
  publicKeys?: readonly number[];
  operation?: string;
}

/**
 * The last `capacity` requests of this server process, in a ring: recording one is an array
 * write, and the oldest goes when the ring is full. A capacity of 0 turns the journal off.
 *
 * @example
 * ```ts
 * const journal = new RequestJournal(10_000);
 * journal.record(entry);
 * journal.list({ accountId }, 10, 0); // { records, total }
 * ```
 */
export class RequestJournal {
  private ring: (JournalRecord | undefined)[];
  /** Where the next record goes. */
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.ring = new Array(capacity);
  }

  /** Recording is on (a capacity above 0). */
  get enabled(): boolean {
    return this.capacity > 0;
  }

  record(entry: JournalRecord): void {
    if (this.capacity === 0) return;
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** One page of the records `filter` keeps, newest first, and how many it keeps in all. */
  list(filter: JournalFilter, limit: number, offset: number): { records: JournalRecord[]; total: number } {
    const records: JournalRecord[] = [];
    let total = 0;
    for (const entry of this.newestFirst()) {
      if (!kept(entry, filter)) continue;
      if (total >= offset && records.length < limit) records.push(entry);
      total++;
    }
    return { records, total };
  }

  /** Forgets the records `filter` keeps (all without a scope); answers how many went. */
  clear(filter: JournalFilter = {}): number {
    const remaining: JournalRecord[] = [];
    let removed = 0;
    for (const entry of this.newestFirst()) {
      if (kept(entry, filter)) removed++;
      else remaining.push(entry);
    }
    this.ring = new Array(this.capacity);
    this.next = 0;
    this.count = 0;
    for (let i = remaining.length - 1; i >= 0; i--) this.record(remaining[i] as JournalRecord);
    return removed;
  }

  private *newestFirst(): Generator<JournalRecord> {
    for (let i = 1; i <= this.count; i++) {
      yield this.ring[(this.next - i + this.capacity) % this.capacity] as JournalRecord;
    }
  }
}

function kept(entry: JournalRecord, { accountId, publicKeys, operation }: JournalFilter): boolean {
  if (operation !== undefined && entry.operation !== operation) return false;
  if (accountId === undefined && publicKeys === undefined) return true;
  return (
    (accountId !== undefined && entry.accountId === accountId) ||
    (publicKeys !== undefined && entry.publicKey !== undefined && publicKeys.includes(entry.publicKey))
  );
}
