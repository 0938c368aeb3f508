import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_AUTHENTICATION_LIMITS } from '../../src/api/failed-authentication';
import { createApiHandler } from '../../src/api/router';
import {
  ATTEMPT_WINDOW_MS,
  Engine,
  engineSchema,
  MANUAL_CLOCK_START,
  ManualClock,
} from '../../src/engine/index';
import { startServer } from '../../src/runtime/server';
import { createMemoryStore } from '../../src/store/memory';
import { startTestServer, type TestServer } from '../support/test-server';

/** A main API request with `key`, optionally forwarded for `client` by the (trusted) proxy on loopback. */
function get(server: { url: string }, key: string, client?: string) {
  return fetch(`${server.url}/v1/projects`, {
    headers: { authorization: `Bearer ${key}`, ...(client ? { 'x-forwarded-for': client } : {}) },
  });
}

/** Statuses of `count` requests with wrong keys, sent to `servers` in turn. */
async function wrongKeys(servers: Array<{ url: string }>, count: number, client?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const server = servers[i % servers.length];
    if (!server) throw new Error('no server to send to');
    const answer = await get(server, `rq_test_wrong${i}`, client);
    await answer.arrayBuffer();
    statuses.push(answer.status);
  }
  return statuses;
}

const LIMIT = 6;
const throttled = (limit: number, more: number) => [...Array(limit).fill(401), ...Array(more).fill(429)];

// Issue 29, finding 4 (b): the main API answered 30 wrong keys in a row with 401 and never 429.
describe('wrong main API keys are throttled per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ failedAuthLimit: LIMIT, trustProxy: ['loopback'] });
  });
  afterAll(() => server?.close());

  it('answers 429 rate_limit_error with Retry-After once an address sent the limit, even to the right key', async () => {
    expect(await wrongKeys([server], LIMIT + 4, '203.0.113.1')).toEqual(throttled(LIMIT, 4));
    const refused = await get(server, server.demo.api_key, '203.0.113.1');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(ATTEMPT_WINDOW_MS / 1000);
    const body = await refused.json();
    expect(body.error).toMatchObject({
      type: 'rate_limit_error',
      message: expect.stringMatching(
        /Too many requests with a wrong API key from this address \(6 a minute\); retry after \d+ seconds/,
      ),
      request_id: refused.headers.get('x-request-id'),
    });
    // No account's counts are reported: the key was never looked at.
    expect(refused.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('counts each address apart, and no request without a key', async () => {
    expect((await get(server, server.demo.api_key, '203.0.113.2')).status).toBe(200);
    expect(await wrongKeys([server], 2, '203.0.113.2')).toEqual([401, 401]);
    for (let i = 0; i < LIMIT + 2; i++) {
      const missing = await fetch(`${server.url}/v1/projects`, {
        headers: { 'x-forwarded-for': '203.0.113.3' },
      });
      expect(missing.status).toBe(401);
    }
    expect((await get(server, server.demo.api_key, '203.0.113.3')).status).toBe(200);
  });
});

describe('the throttle, as each profile sets it', () => {
  it('lets a test suite\u2019s wrong keys through in the mock profile (1,000 a minute), and stops the 31st in production', async () => {
    const mock = await startTestServer();
    try {
      expect(await wrongKeys([mock], 40)).toEqual(Array(40).fill(401));
    } finally {
      await mock.close();
    }
    expect(FAILED_AUTHENTICATION_LIMITS).toEqual({ mock: 1000, production: 30 });
    const production = await startServer({
      port: 0,
      db: ':memory:',
      profile: 'production',
      publicUrl: 'https://api.example.com',
      exportSigningSecret: 'export-signing-secret-of-this-deployment',
    });
    try {
      expect(await wrongKeys([production], 32)).toEqual(throttled(30, 2));
    } finally {
      await production.close();
    }
  });
});

describe('two servers on one SQLite file', () => {
  let directory: string;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'rankquill-failed-auth-'));
    const db = join(directory, 'mock.db');
    first = await startTestServer({ db, failedAuthLimit: LIMIT });
    second = await startTestServer({ db, failedAuthLimit: LIMIT });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('share one count: wrong keys sent to either stop the address on both', async () => {
    expect(await wrongKeys([first, second], LIMIT + 2)).toEqual(throttled(LIMIT, 2));
    for (const server of [first, second]) {
      const refused = await get(server, server.demo.api_key);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9][0-9]?$/);
    }
  });
});

describe('the cost of a right key', () => {
  it('is one read: a right key writes nothing to the throttle, a wrong one writes its row, and the window lifts', async () => {
    const store = createMemoryStore(engineSchema);
    const engine = await Engine.open({ store, seed: 1, clock: new ManualClock(MANUAL_CLOCK_START) });
    let now = 1_000_000;
    const handle = createApiHandler(engine, { failedAuthLimit: 2, now: () => now });
    const request = (key: string, clientAddress?: string) =>
      handle({
        method: 'GET',
        path: '/v1/projects',
        query: {},
        headers: { authorization: `Bearer ${key}` },
        body: '',
        clientAddress,
      });
    const before = await store.version(['sign_in_attempts']);
    for (let i = 0; i < 20; i++) expect((await request(engine.demo.api_key, '192.0.2.1')).status).toBe(200);
    expect(await store.version(['sign_in_attempts'])).toBe(before);
    expect([
      (await request('rq_test_x', '192.0.2.1')).status,
      (await request('rq_test_y', '192.0.2.1')).status,
    ]).toEqual([401, 401]);
    expect(await store.count('sign_in_attempts', { subject: 'api-address:192.0.2.1' })).toBe(2);
    expect((await request(engine.demo.api_key, '192.0.2.1')).status).toBe(429);
    now += ATTEMPT_WINDOW_MS;
    expect((await request(engine.demo.api_key, '192.0.2.1')).status).toBe(200);
    // An adapter that knows no client address (the in-process MSW handlers) is never throttled.
    for (let i = 0; i < 5; i++) expect((await request(`rq_test_${i}`)).status).toBe(401);
  });
});
