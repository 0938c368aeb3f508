import type { Delivery, Project } from '@rankquill/contract';
import { type RunningServer, startServer } from '../runtime/server';
import { call } from './server-call';
import { type TestDoubleVerbs, testDoubleVerbs } from './test-double-verbs';

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /** Seed of ids, keys and generated text (default 42). */
  seed?: number;
  /** `manual` (default): time moves only by `advance`; `real`: the wall clock. */
  clock?: 'manual' | 'real';
  /** Fields of the project made for the fresh account, over a generated name and domain. */
  project?: Record<string, unknown>;
}

/**
 * A fresh account and project on a mock server started by {@link startMockServer}: the
 * addresses and keys a client needs, and the test controls: the clock, webhook deliveries, and
 * the test double's faults and request journal, scoped to this account (see {@link TestDoubleVerbs}).
 */
export interface MockServer extends TestDoubleVerbs {
  /** Root address of the server, such as `http://127.0.0.1:41877`. */
  readonly url: string;
  /** Main API address, ending in `/v1`: the SDK's `baseURL`. */
  readonly baseUrl: string;
  /** Public article API address: the `baseURL` of `@rankquill/public-articles`. */
  readonly contentApiUrl: string;
  /** Main API key of this account. */
  readonly apiKey: string;
  /** Id of this account's project. */
  readonly projectId: string;
  /** Public article API key of the project. */
  readonly publicApiKey: string;
  /**
   * Moves the manual clock; everything that falls due in the span (generation, webhook retries,
   * rank checks) runs, in time order, before it resolves. Resolves to the new time.
   * @example await mock.advance(90); // generation is due 80 s after creation
   */
  advance(seconds: number): Promise<string>;
  /**
   * The server's current time (ISO 8601): on the manual clock, it moves only by `advance`.
   * @example expect(await mock.now()).toBe('2026-01-01T00:00:00.000Z');
   */
  now(): Promise<string>;
  /**
   * Every webhook delivery of the project, newest first, each with its attempts.
   * @example expect((await mock.deliveries())[0]?.event).toBe('content.published');
   */
  deliveries(): Promise<Delivery[]>;
  /**
   * Another fresh account and project on the same server: give one to each test so that tests
   * run in any order.
   * @example const other = await mock.freshAccount({ name: 'Second site' });
   */
  freshAccount(project?: Record<string, unknown>): Promise<MockServer>;
  /**
   * Empties the server: every account, project and key is gone, this one's too, every fault and
   * the request journal too, and the clock is back at its start. Make a `freshAccount()` after it.
   * @example await mock.reset(); const next = await mock.freshAccount();
   */
  reset(): Promise<void>;
  /** Stops the server (every account of it). `await using` calls it too. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Starts the mock server in this process, on a free loopback port with an in-memory store and
 * the manual clock, and makes a fresh account and project on it: the one line a test suite needs
 * instead of spawning `rankquill-mock serve` and reading its ready line.
 *
 * @example
 * ```ts
 * import { startMockServer } from '@rankquill/mock-server';
 * import Rankquill from '@rankquill/sdk';
 *
 * await using mock = await startMockServer();
 * const client = new Rankquill({ apiKey: mock.apiKey, baseURL: mock.baseUrl });
 * const article = await client.content.create(mock.projectId, { keyword: 'cold brew ratio' });
 * await mock.advance(90);
 * console.log((await client.content.retrieve(mock.projectId, article.id)).status); // draft
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    db: ':memory:',
    clock: options.clock ?? 'manual',
    seed: options.seed ?? 42,
  });
  try {
    return await freshAccount(server, options.project ?? {});
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Numbers the projects made for fresh accounts, for readable names. */
let accountsMade = 0;

async function freshAccount(server: RunningServer, project: Record<string, unknown>): Promise<MockServer> {
  const { api_key: apiKey } = await call<{ api_key: string }>(server, 'admin.accounts.create', {
    body: { plan: 'agencies' },
  });
  const number = ++accountsMade;
  const created = await call<Project>(server, 'projects.create', {
    body: { name: `Test project ${number}`, domain: `test-${number}.example`, ...project },
    apiKey,
  });
  const close = () => server.close();
  return {
    ...testDoubleVerbs(server, { apiKey, publicApiKey: created.public_api_key }),
    url: server.url,
    baseUrl: server.apiBaseUrl,
    contentApiUrl: server.contentApiUrl,
    apiKey,
    projectId: created.id,
    publicApiKey: created.public_api_key,
    async advance(seconds) {
      return (await call<{ now: string }>(server, 'admin.clock.advance', { body: { seconds } })).now;
    },
    async now() {
      return (await call<{ now: string }>(server, 'admin.clock.retrieve', {})).now;
    },
    async deliveries() {
      const deliveries: Delivery[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await call<{ data: Delivery[]; pagination: { has_more: boolean } }>(
          server,
          'deliveries.list',
          { ids: { projectId: created.id }, query: `?limit=100&offset=${offset}`, apiKey },
        );
        deliveries.push(...page.data);
        if (!page.pagination.has_more) return deliveries;
      }
    },
    freshAccount: (fields = {}) => freshAccount(server, fields),
    async reset() {
      await call(server, 'admin.reset', {});
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
