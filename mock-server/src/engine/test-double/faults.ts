import { ANY_OPERATION, type FaultDisconnect, type FaultStatus } from '@rankquill/contract';

/** Who made a request, as far as the server knows once the route and the credential are read. */
export interface Caller {
  /** The account of the main API key, once it authenticated. */
  accountId?: string;
  /** Fingerprint of the `X-Service-Key` of a public article API request. */
  publicKey?: number;
}

/** What a fault does to the requests it matches: exactly one of the three. */
export type FaultAction =
  | { kind: 'status'; status: FaultStatus; headers: Record<string, string> }
  | { kind: 'delay'; ms: number }
  | { kind: 'disconnect'; when: FaultDisconnect };

/** A fault as the registry keeps it: keys are never kept, only the account or key fingerprint they name. */
export interface FaultRecord {
  id: string;
  /** A contract operation id, or `*`. */
  operation: string;
  /** Scoped to one account: the account's id and the key as it may be shown. */
  account?: { id: string; shownKey: string };
  /** Scoped to one public key: its fingerprint, the key as it may be shown, and its project. */
  publicKey?: { fingerprint: number; shownKey: string; projectId: string };
  action: FaultAction;
  /** Matching requests it still applies to; `null` until removed. */
  times: number | null;
  applied: number;
  createdAt: number;
}

/** Which faults a list or a clear is about: those scoped to an account or to one of some public keys. */
export interface FaultFilter {
  accountId?: string;
  /** Fingerprints of public article API keys. */
  publicKeys?: readonly number[];
  /** Also the faults with no scope, which reach every caller. */
  unscoped?: boolean;
}

/**
 * The faults of one server process, in the order they were made, which is the order they match
 * in: the first fault whose operation and scope fit a request applies to it, and only that one.
 * A fault with `times` left counts down and goes at zero.
 *
 * @example
 * ```ts
 * const faults = new FaultRegistry();
 * faults.add(record);
 * faults.match('content.create', { accountId: account.id }); // record, once
 * ```
 */
export class FaultRegistry {
  private faults: FaultRecord[] = [];

  /** No fault at all: the request path skips matching. */
  get empty(): boolean {
    return this.faults.length === 0;
  }

  add(fault: FaultRecord): void {
    this.faults.push(fault);
  }

  /** The first fault for `operation` whose scope holds `caller`, counted as applied; or `undefined`. */
  match(operation: string, caller: Caller): FaultRecord | undefined {
    const index = this.faults.findIndex(
      (fault) =>
        (fault.operation === operation || fault.operation === ANY_OPERATION) && reaches(fault, caller),
    );
    const fault = this.faults[index];
    if (!fault) return undefined;
    fault.applied++;
    if (fault.times !== null && --fault.times === 0) this.faults.splice(index, 1);
    return fault;
  }

  /** The faults `filter` keeps (all without one), in matching order. */
  list(filter: FaultFilter = {}): FaultRecord[] {
    return this.faults.filter((fault) => kept(fault, filter));
  }

  get(id: string): FaultRecord | undefined {
    return this.faults.find((fault) => fault.id === id);
  }

  /** Removes one fault; false when there is none with that id. */
  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.faults.length < before;
  }

  /** Removes the faults `filter` keeps (all without one); answers how many went. */
  clear(filter: FaultFilter = {}): number {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => !kept(fault, filter));
    return before - this.faults.length;
  }
}

/** A fault without scope reaches every caller; a scoped one, only its account's or its key's requests. */
function reaches(fault: FaultRecord, caller: Caller): boolean {
  if (fault.account) return caller.accountId === fault.account.id;
  if (fault.publicKey) return caller.publicKey === fault.publicKey.fingerprint;
  return true;
}

function kept(fault: FaultRecord, { accountId, publicKeys, unscoped }: FaultFilter): boolean {
  if (accountId === undefined && publicKeys === undefined) return true;
  if (!fault.account && !fault.publicKey) return unscoped === true;
  return (
    (accountId !== undefined && fault.account?.id === accountId) ||
    (publicKeys !== undefined &&
      fault.publicKey !== undefined &&
      publicKeys.includes(fault.publicKey.fingerprint))
  );
}
