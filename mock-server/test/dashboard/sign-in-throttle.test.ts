import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTEMPT_WINDOW_MS,
  type AttemptRecord,
  Engine,
  engineSchema,
  MANUAL_CLOCK_START,
  ManualClock,
  SIGN_IN_ATTEMPT_LIMIT,
} from '../../src/engine/index';
import { createMemoryStore } from '../../src/store/memory';
import { startTestServer, type TestServer } from '../support/test-server';

/** Posts the sign-in form as curl would (no Origin), optionally as a trusted proxy forwarding `client`. */
function signIn(server: TestServer, apiKey: string, client?: string) {
  return fetch(`${server.url}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(client ? { 'x-forwarded-for': `198.51.100.1, ${client}` } : {}),
    },
    body: new URLSearchParams({ api_key: apiKey }),
  });
}

// Issue 22, finding 5: 300 wrong keys in 5.7 s, then the right one worked.
describe('sign-in throttling', () => {
  let directory: string;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'rankquill-throttle-'));
    const db = join(directory, 'mock.db');
    first = await startTestServer({ db });
    second = await startTestServer({ db });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('answers 429 with Retry-After once an address failed 10 times in a minute, on every server of the database, even to the right key', async () => {
    for (let i = 0; i < SIGN_IN_ATTEMPT_LIMIT; i++) {
      const server = i % 2 === 0 ? first : second;
      expect((await signIn(server, `rq_test_wrong${i}`)).status).toBe(401);
    }
    for (const server of [first, second]) {
      const refused = await signIn(server, server.demo.api_key);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await refused.text()).toMatch(/Too many sign-in attempts.*try again in \d+ seconds/);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('sign-in throttling per key prefix, behind a proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ publicUrl: 'http://localhost', trustProxy: ['loopback'] });
  });
  afterAll(() => proxied?.close());

  it('counts each forwarded client apart, and one key prefix across clients', async () => {
    const key = proxied.demo.api_key;
    const guess = `${key.slice(0, 12)}${'x'.repeat(key.length - 12)}`;
    for (let i = 0; i < SIGN_IN_ATTEMPT_LIMIT; i++) {
      expect((await signIn(proxied, guess, `203.0.113.${i + 1}`)).status).toBe(401);
    }
    // Another client, another prefix: its own attempts.
    expect((await signIn(proxied, 'rq_test_elsewhere', '203.0.113.200')).status).toBe(401);
    // The guessed key's prefix is used up, from any client.
    expect((await signIn(proxied, guess, '203.0.113.201')).status).toBe(429);
    // A right key is not counted: another account signs in again and again from one client.
    const other = await proxied.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    for (let i = 0; i < SIGN_IN_ATTEMPT_LIMIT + 2; i++) {
      expect((await signIn(proxied, other.body.api_key, '192.0.2.9')).status).toBe(303);
    }
  });
});

describe('the throttle window', () => {
  it('lifts a minute after the oldest attempt, and leaves no expired attempt of any subject behind', async () => {
    const store = createMemoryStore(engineSchema);
    const engine = await Engine.open({
      store,
      seed: 1,
      clock: new ManualClock(MANUAL_CLOCK_START),
    });
    const throttle = engine.attemptThrottle;
    await throttle.take(['address:192.0.2.50'], 0);
    for (let i = 0; i < SIGN_IN_ATTEMPT_LIMIT; i++) {
      expect(await throttle.take(['address:192.0.2.1'], 1_000 + i)).toHaveProperty('ids');
    }
    expect(await throttle.take(['address:192.0.2.1'], 2_000)).toEqual({ retryAfterSeconds: 59 });
    expect(await throttle.take(['address:192.0.2.1'], ATTEMPT_WINDOW_MS + 1_000)).toHaveProperty('ids');
    const subjects = (await store.find<AttemptRecord>('sign_in_attempts')).map((row) => row.subject);
    expect(subjects).not.toContain('address:192.0.2.50');
  });
});
