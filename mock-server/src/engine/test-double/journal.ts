import { redactQuery, redactText } from './redaction';

/**
 * One request as the journal keeps it. No key or secret is ever stored: `record` cuts those in
 * the path, the query and the `Idempotency-Key` to their first characters, and the body comes
 * already cut (`redactJson`, by whoever parsed it).
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

/** A request as the API layer hands it over: the query as the adapter read it. */
export type RequestArrival = Omit<JournalRecord, 'query'> & { query: Record<string, string | string[]> };

/** Which requests a list or a clear is about; given both scopes, either. */
export interface JournalFilter {
  accountId?: string;
  /** Fingerprints of public article API keys. */
  publicKeys?: readonly number[];
  operation?: string;
}

/**
 * The last `capacity` requests of this server, in a ring: the oldest goes when the ring is full,
 * and a capacity of 0 turns the journal off. The ring is a column per field, numbers in typed
 * arrays, so that recording a request keeps no object of its own alive: only its id, and its path
 * and query when they differ from the previous request's. Every request passes through here, and
 * what stays alive is what the garbage collector pays for.
 *
 * @example
 * ```ts
 * const journal = new RequestJournal(10_000);
 * journal.record(entry);
 * journal.list({ accountId }, 10, 0); // { records, total }
 * ```
 */
export class RequestJournal {
  private columns: Columns;
  /** Where the next record goes. */
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.columns = new Columns(capacity);
  }

  /** Recording is on (a capacity above 0). */
  get enabled(): boolean {
    return this.capacity > 0;
  }

  /** Keeps a request, its path, query and `Idempotency-Key` redacted on the way in. */
  record(entry: RequestArrival): void {
    if (this.capacity === 0) return;
    this.columns.write(this.next, entry);
    this.advance();
  }

  private advance(): void {
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** One page of the records `filter` keeps, newest first, and how many it keeps in all. */
  list(filter: JournalFilter, limit: number, offset: number): { records: JournalRecord[]; total: number } {
    const records: JournalRecord[] = [];
    let total = 0;
    for (const slot of this.newestFirst()) {
      if (!this.columns.kept(slot, filter)) continue;
      if (total >= offset && records.length < limit) records.push(this.columns.read(slot));
      total++;
    }
    return { records, total };
  }

  /** Forgets the records `filter` keeps (all without a scope); answers how many went. */
  clear(filter: JournalFilter = {}): number {
    const remaining: JournalRecord[] = [];
    let removed = 0;
    for (const slot of this.newestFirst()) {
      if (this.columns.kept(slot, filter)) removed++;
      else remaining.push(this.columns.read(slot));
    }
    this.columns = new Columns(this.capacity);
    this.next = 0;
    this.count = 0;
    // Put back as they were kept: already redacted.
    for (let i = remaining.length - 1; i >= 0; i--) {
      const record = remaining[i] as JournalRecord;
      this.columns.keep(this.next, record, record.path, record.query, record.idempotencyKey);
      this.advance();
    }
    return removed;
  }

  private *newestFirst(): Generator<number> {
    for (let i = 1; i <= this.count; i++) yield (this.next - i + this.capacity) % this.capacity;
  }
}

const NO_STATUS = -1;

/** The ring's columns: one array per field of a record. */
class Columns {
  private readonly ids: string[];
  private readonly at: Float64Array;
  private readonly durations: Float64Array;
  private readonly statuses: Int16Array;
  /** A public key's fingerprint, NaN for none. */
  private readonly publicKeys: Float64Array;
  private readonly operations: (string | null)[];
  private readonly methods: string[];
  private readonly paths: string[];
  private readonly queries: Record<string, string>[];
  private readonly idempotencyKeys: (string | null)[];
  private readonly bodies: unknown[];
  private readonly faults: (string | null)[];
  private readonly accountIds: (string | undefined)[];
  /** The last path and query written: a request like the one before shares them. */
  private lastPath = '';
  private lastQuery: Record<string, string> = {};

  constructor(capacity: number) {
    this.ids = new Array(capacity);
    this.at = new Float64Array(capacity);
    this.durations = new Float64Array(capacity);
    this.statuses = new Int16Array(capacity);
    this.publicKeys = new Float64Array(capacity);
    this.operations = new Array(capacity);
    this.methods = new Array(capacity);
    this.paths = new Array(capacity);
    this.queries = new Array(capacity);
    this.idempotencyKeys = new Array(capacity);
    this.bodies = new Array(capacity);
    this.faults = new Array(capacity);
    this.accountIds = new Array(capacity);
  }

  /** Writes a request that arrived: its path, query and `Idempotency-Key` redacted. */
  write(slot: number, entry: RequestArrival): void {
    // A path or query equal to the last one kept is as safe to keep as that one: no redaction.
    if (entry.path !== this.lastPath) this.lastPath = redactText(entry.path);
    if (!sameQuery(entry.query, this.lastQuery)) this.lastQuery = redactQuery(entry.query);
    const key = entry.idempotencyKey === null ? null : redactText(entry.idempotencyKey);
    this.keep(slot, entry, this.lastPath, this.lastQuery, key);
  }

  /** Writes a record with its path, query and `Idempotency-Key` as given (already redacted). */
  keep(
    slot: number,
    entry: Omit<JournalRecord, 'path' | 'query' | 'idempotencyKey'>,
    path: string,
    query: Record<string, string>,
    idempotencyKey: string | null,
  ): void {
    this.ids[slot] = entry.id;
    this.at[slot] = entry.at;
    this.durations[slot] = entry.durationMs;
    this.statuses[slot] = entry.status ?? NO_STATUS;
    this.publicKeys[slot] = entry.publicKey ?? Number.NaN;
    this.operations[slot] = entry.operation;
    this.methods[slot] = entry.method;
    this.paths[slot] = path;
    this.queries[slot] = query;
    this.idempotencyKeys[slot] = idempotencyKey;
    this.bodies[slot] = entry.body;
    this.faults[slot] = entry.fault;
    this.accountIds[slot] = entry.accountId;
  }

  read(slot: number): JournalRecord {
    const status = this.statuses[slot] as number;
    const publicKey = this.publicKeys[slot] as number;
    return {
      id: this.ids[slot] as string,
      at: this.at[slot] as number,
      operation: this.operations[slot] ?? null,
      method: this.methods[slot] as string,
      path: this.paths[slot] as string,
      query: this.queries[slot] as Record<string, string>,
      idempotencyKey: this.idempotencyKeys[slot] ?? null,
      body: this.bodies[slot],
      status: status === NO_STATUS ? null : status,
      durationMs: this.durations[slot] as number,
      fault: this.faults[slot] ?? null,
      accountId: this.accountIds[slot],
      publicKey: Number.isNaN(publicKey) ? undefined : publicKey,
    };
  }

  kept(slot: number, { accountId, publicKeys, operation }: JournalFilter): boolean {
    if (operation !== undefined && this.operations[slot] !== operation) return false;
    if (accountId === undefined && publicKeys === undefined) return true;
    return (
      (accountId !== undefined && this.accountIds[slot] === accountId) ||
      publicKeys?.includes(this.publicKeys[slot] as number) === true
    );
  }
}

/** The same parameters with the same values (a request's query has a handful at most). */
function sameQuery(a: Record<string, string | string[]>, b: Record<string, string>): boolean {
  if (a === b) return true;
  let size = 0;
  for (const name in a) {
    if (a[name] !== b[name]) return false;
    size++;
  }
  for (const _ in b) size--;
  return size === 0;
}
