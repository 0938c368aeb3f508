import { type AdminAccount, AdminAccountCreateParams, PLAN_RATE_LIMITS } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import { AuthenticationError } from '../kernel/errors';
import { sha256Hex } from '../kernel/hash';
import type { AccountRecord } from '../kernel/records';
import { parseInput } from '../kernel/validation';

/** Prefix of main API keys issued by the reference server. */
export const API_KEY_PREFIX = 'rq_test_';

/** Accounts and their main API keys. Keys are shown once and stored as SHA-256 hashes. */
export class AccountService {
  constructor(private readonly ctx: EngineContext) {}

  async create(input: unknown): Promise<AdminAccount> {
    const params = parseInput(AdminAccountCreateParams, input);
    return this.ctx.store.transaction((tx) => this.insert(tx, params.plan, params.rate_limit));
  }

  /** Adds an account inside `tx`; used by `create` and by the demo data. */
  async insert(tx: StoreWriter, plan: AdminAccount['plan'], rateLimit?: number): Promise<AdminAccount> {
    const { id, seq } = await this.ctx.ids.next(tx, 'acct');
    const apiKey = this.ctx.ids.keyFor(API_KEY_PREFIX, 'api-key', seq);
    const limit = rateLimit ?? PLAN_RATE_LIMITS[plan as keyof typeof PLAN_RATE_LIMITS];
    const record: AccountRecord = {
      id,
      seq,
      plan,
      rate_limit: limit,
      api_key_hash: await sha256Hex(apiKey),
      created_at: this.ctx.clock.now(),
    };
    await tx.insert('accounts', { ...record });
    return { id, plan, rate_limit: limit, api_key: apiKey };
  }

  /**
   * The account a main API key belongs to. The lookup is by hash, so the stored value never
   * equals the secret and no comparison of secrets happens here.
   */
  async authenticate(apiKey: string | undefined): Promise<AccountRecord> {
    if (!apiKey) {
      throw new AuthenticationError(
        'No API key provided. Send your key in the Authorization header: `Authorization: Bearer <API_KEY>`.',
      );
    }
    return this.authenticateKeyHash(await sha256Hex(apiKey));
  }

  /**
   * The account of a main API key, or `undefined` when no account has it: a lookup for the
   * admin routes, which is no sign-in attempt.
   *
   * @example
   * ```ts
   * const account = await engine.accounts.findByKey(key); // undefined for a key no account has
   * ```
   */
  async findByKey(apiKey: string): Promise<AccountRecord | undefined> {
    const where = { api_key_hash: await sha256Hex(apiKey) };
    return (await this.ctx.store.find<AccountRecord>('accounts', { where, limit: 1 }))[0];
  }

  /**
   * The account whose key has this SHA-256 hash (`api_key_hash` of an account record): how a
   * dashboard session, which keeps the hash and never the key, finds its account again.
   *
   * @example
   * ```ts
   * const { api_key_hash } = await engine.accounts.authenticate(key);
   * const account = await engine.accounts.authenticateKeyHash(api_key_hash);
   * ```
   */
  async authenticateKeyHash(apiKeyHash: string): Promise<AccountRecord> {
    const [account] = await this.ctx.store.find<AccountRecord>('accounts', {
      where: { api_key_hash: apiKeyHash },
      limit: 1,
    });
    if (!account) throw new AuthenticationError('Invalid API key. Check the key, or create a new one.');
    return account;
  }
}
