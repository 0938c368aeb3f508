import {
  type AdminClearResult,
  ANY_OPERATION,
  DEFAULT_JOURNAL_SIZE,
  type Fault,
  FaultCreateParams,
  type FaultList,
  FaultScopeQuery,
  MAX_JOURNAL_SIZE,
  type RequestJournalList,
  RequestJournalQuery,
} from '@rankquill/contract';
import type { z } from 'zod';
import type { Clock } from '../kernel/clock';
import { InvalidRequestError, NotFoundError } from '../kernel/errors';
import { paginationOf } from '../kernel/pagination';
import { parseInput } from '../kernel/validation';
import { type Caller, type FaultAction, type FaultFilter, type FaultRecord, FaultRegistry } from './faults';
import { type JournalFilter, type RequestArrival, RequestJournal } from './journal';
import { keyFingerprint } from './key-fingerprint';
import { shownSecret } from './redaction';
import { faultAnswer, journalEntryAnswer } from './serializers';

/** What the test double needs from the rest of the engine, handed over by the composition root. */
export interface TestDoubleOptions {
  clock: Clock;
  /** Requests the journal keeps (default 10,000); 0 turns it off. */
  journalSize?: number;
  /** The id of the `n`th fault made by this process (`flt_…`); it draws nothing from the seed. */
  faultId: (n: number) => string;
  /** The account of a main API key, or `undefined` when no account has it. */
  accountOfKey: (apiKey: string) => Promise<{ id: string } | undefined>;
  /** The project of a public article API key, or `undefined` when no project has it. */
  projectOfPublicKey: (publicKey: string) => Promise<{ id: string } | undefined>;
}

/** A fault's body once parsed: defaults applied. */
type FaultParams = z.output<typeof FaultCreateParams>;

/** Operations whose caller is a public article API key. */
const PUBLIC_KEY_OPERATIONS = new Set(['publicArticles.get']);
/** Operations that take no key at all (a signed link), which only an unscoped fault reaches. */
const KEYLESS_OPERATIONS = new Set(['exports.download']);

/**
 * The mock as a test double: the faults a test injects and the journal of the requests that
 * arrived, both held in memory by this server. The engine keeps their state, matching and
 * redaction; the adapters only act on a match (answer, wait, close the connection), so the HTTP
 * server, `startMockServer` and the MSW handlers behave alike.
 *
 * @example
 * ```ts
 * const fault = await engine.testDouble.createFault({ operation: 'content.create', api_key, status: 503 });
 * engine.testDouble.match('content.create', { accountId: account.id }); // the fault's record, once
 * ```
 */
export class TestDouble {
  readonly faults = new FaultRegistry();
  readonly journal: RequestJournal;
  private faultsMade = 0;

  constructor(private readonly options: TestDoubleOptions) {
    const size = options.journalSize ?? DEFAULT_JOURNAL_SIZE;
    if (!Number.isInteger(size) || size < 0 || size > MAX_JOURNAL_SIZE) {
      throw new RangeError(
        `journalSize must be a whole number of requests from 0 (no journal) to ${MAX_JOURNAL_SIZE}, got ${size}.`,
      );
    }
    this.journal = new RequestJournal(size);
  }

  /**
   * Validates and adds a fault (the body of `POST /__admin/faults`); it matches after those made before it.
   *
   * @example
   * ```ts
   * const fault = await engine.testDouble.createFault({ operation: 'content.create', status: 503, api_key: key });
   * ```
   */
  async createFault(input: unknown): Promise<Fault> {
    const params = parseInput(FaultCreateParams, input);
    const scope = await this.scopeOfFault(params);
    const fault: FaultRecord = {
      id: this.options.faultId(++this.faultsMade),
      operation: params.operation,
      ...scope,
      action: actionOf(params),
      times: params.times,
      applied: 0,
      createdAt: this.options.clock.now(),
    };
    this.faults.add(fault);
    return faultAnswer(fault);
  }

  /**
   * `GET /__admin/faults`: the faults in matching order, all or those of one scope.
   *
   * @example
   * ```ts
   * const { data } = await engine.testDouble.listFaults({ api_key: key });
   * ```
   */
  async listFaults(query: unknown): Promise<FaultList> {
    return { data: this.faults.list(await this.scopeOf(query)).map(faultAnswer) };
  }

  /**
   * `DELETE /__admin/faults/{id}`: removes one active fault; a 404 `NotFoundError` when none has the id.
   *
   * @example
   * ```ts
   * engine.testDouble.deleteFault(fault.id); // { id: 'flt_…', deleted: true }
   * ```
   */
  deleteFault(id: string): { id: string; deleted: true } {
    if (!this.faults.remove(id)) {
      throw new NotFoundError(
        `No active fault has id ${id.slice(0, 60)}: it may have run out of \`times\` already. GET /__admin/faults lists the active ones.`,
        'faultId',
      );
    }
    return { id, deleted: true };
  }

  /**
   * `DELETE /__admin/faults`: every fault, or those of one scope.
   *
   * @example
   * ```ts
   * const { deleted } = await engine.testDouble.clearFaults({ api_key: key });
   * ```
   */
  async clearFaults(query: unknown): Promise<AdminClearResult> {
    return { deleted: this.faults.clear(await this.scopeOf(query)) };
  }

  /**
   * The fault that applies to a request of `operation` by `caller`, counted as applied, or
   * `undefined`. Called once the route and the caller are known; without any fault it costs one
   * comparison.
   *
   * @example
   * ```ts
   * const fault = engine.testDouble.match('content.create', { accountId: account.id });
   * ```
   */
  match(operation: string, caller: Caller): FaultRecord | undefined {
    return this.faults.empty ? undefined : this.faults.match(operation, caller);
  }

  /**
   * Whether requests need looking at: the journal is on or a fault is active. When not, the
   * adapters skip the test double altogether.
   */
  get active(): boolean {
    return this.journal.enabled || !this.faults.empty;
  }

  /**
   * Records a request, redacting it; nothing when the journal is off.
   *
   * @example
   * ```ts
   * engine.testDouble.record(arrival); // what the API layer traced of one request
   * ```
   */
  record(entry: RequestArrival): void {
    this.journal.record(entry);
  }

  /**
   * `GET /__admin/requests`: one page of the journal, newest first.
   *
   * @example
   * ```ts
   * const page = await engine.testDouble.listRequests({ api_key: key, operation: 'content.create', limit: '10' });
   * ```
   */
  async listRequests(query: unknown): Promise<RequestJournalList> {
    const params = parseInput(RequestJournalQuery, query, 'query');
    const filter: JournalFilter = { ...(await this.scopeOf(params)), operation: params.operation };
    const { records, total } = this.journal.list(filter, params.limit, params.offset);
    return {
      data: records.map(journalEntryAnswer),
      pagination: paginationOf(params.limit, params.offset, records.length, total),
    };
  }

  /**
   * `DELETE /__admin/requests`: forgets every request, or those of one scope.
   *
   * @example
   * ```ts
   * const { deleted } = await engine.testDouble.clearRequests({ api_key: key });
   * ```
   */
  async clearRequests(query: unknown): Promise<AdminClearResult> {
    return { deleted: this.journal.clear(await this.scopeOf(query)) };
  }

  /**
   * What one account sees of the test double (the dashboard's Requests page): the faults that
   * reach it (its own, its projects' public keys', and those with no scope) and one page of its
   * requests, newest first.
   *
   * @example
   * ```ts
   * const { faults, requests } = engine.testDouble.accountView(account.id, [project.public_api_key], 25, 0);
   * ```
   */
  accountView(
    accountId: string,
    publicKeys: readonly string[],
    limit: number,
    offset: number,
  ): { faults: Fault[]; requests: RequestJournalList } {
    const scope = { accountId, publicKeys: publicKeys.map(keyFingerprint) };
    const { records, total } = this.journal.list(scope, limit, offset);
    return {
      faults: this.faults.list({ ...scope, unscoped: true }).map(faultAnswer),
      requests: {
        data: records.map(journalEntryAnswer),
        pagination: paginationOf(limit, offset, records.length, total),
      },
    };
  }

  /**
   * Removes a fault that reaches the account (see `accountView`); false when there is none such.
   *
   * @example
   * ```ts
   * engine.testDouble.removeAccountFault(account.id, [project.public_api_key], 'flt_1'); // true
   * ```
   */
  removeAccountFault(accountId: string, publicKeys: readonly string[], id: string): boolean {
    const scope = { accountId, publicKeys: publicKeys.map(keyFingerprint), unscoped: true };
    return this.faults.list(scope).some((fault) => fault.id === id) && this.faults.remove(id);
  }

  /**
   * Removes every fault and forgets every request (`POST /__admin/reset`).
   *
   * @example
   * ```ts
   * engine.testDouble.reset();
   * ```
   */
  reset(): void {
    this.faults.clear();
    this.journal.clear();
  }

  /** The scope of a new fault: one account, one public key, or none; refused where it could never apply. */
  private async scopeOfFault({
    operation,
    api_key,
    public_api_key,
  }: FaultParams): Promise<Pick<FaultRecord, 'account' | 'publicKey'>> {
    if (api_key !== undefined) {
      if (PUBLIC_KEY_OPERATIONS.has(operation) || KEYLESS_OPERATIONS.has(operation)) {
        throw new InvalidRequestError(
          `\`operation\` ${operation} is not called with a main API key, so a fault scoped by \`api_key\` would never apply: ${PUBLIC_KEY_OPERATIONS.has(operation) ? 'scope it with `public_api_key`' : 'leave the scope out'}.`,
          'operation',
        );
      }
      const account = await this.accountOf(api_key);
      return { account: { id: account.id, shownKey: shownSecret(api_key) } };
    }
    if (public_api_key === undefined) return {};
    if (operation !== ANY_OPERATION && !PUBLIC_KEY_OPERATIONS.has(operation)) {
      throw new InvalidRequestError(
        `\`operation\` ${operation} is not called with a public article API key, so a fault scoped by \`public_api_key\` would never apply: scope it with \`api_key\`, or name publicArticles.get.`,
        'operation',
      );
    }
    const project = await this.options.projectOfPublicKey(public_api_key);
    if (!project) {
      throw new InvalidRequestError(
        '`public_api_key` is not the public article API key of any project: pass the `public_api_key` of a project (a replaced key no longer counts).',
        'public_api_key',
      );
    }
    return {
      publicKey: {
        fingerprint: keyFingerprint(public_api_key),
        shownKey: shownSecret(public_api_key),
        projectId: project.id,
      },
    };
  }

  /** The scope a list or clear names: the account of `api_key`, the fingerprint of `public_api_key`. */
  private async scopeOf(query: unknown): Promise<FaultFilter> {
    const { api_key, public_api_key } = parseInput(FaultScopeQuery, query, 'query');
    return {
      accountId: api_key === undefined ? undefined : (await this.accountOf(api_key)).id,
      publicKeys: public_api_key === undefined ? undefined : [keyFingerprint(public_api_key)],
    };
  }

  private async accountOf(apiKey: string): Promise<{ id: string }> {
    const account = await this.options.accountOfKey(apiKey);
    if (!account) {
      throw new InvalidRequestError(
        '`api_key` is not the main API key of any account: pass the key of the account under test (POST /__admin/accounts answers one).',
        'api_key',
      );
    }
    return account;
  }
}

function actionOf(params: FaultParams): FaultAction {
  if (params.status !== undefined)
    return { kind: 'status', status: params.status, headers: params.headers ?? {} };
  if (params.delay_ms !== undefined) return { kind: 'delay', ms: params.delay_ms };
  return { kind: 'disconnect', when: params.disconnect ?? 'before' };
}
