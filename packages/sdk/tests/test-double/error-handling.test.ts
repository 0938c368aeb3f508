import { startMockServer } from '@rankquill/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionTimeoutError, InternalServerError, Rankquill } from '../../src/index';
import { errorOf } from '../support/error-of';
import { startCliServer } from './cli-server';
import type { Harness } from './harness';

const hosts: { name: string; start: () => Promise<Harness> }[] = [
  { name: 'startMockServer (in process)', start: () => startMockServer() },
  { name: 'rankquill-mock serve (CLI process)', start: () => startCliServer() },
];

describe.each(hosts)('testing error handling with $name', ({ start }) => {
  let host: Harness;
  beforeAll(async () => {
    host = await start();
  });
  afterAll(async () => host.close());

  const clientOf = (mock: Harness, options = {}) =>
    new Rankquill({ apiKey: mock.apiKey, baseURL: mock.baseUrl, ...options });

  it('retries two 503s on content.create; the third attempt makes exactly one item, with one Idempotency-Key', async () => {
    const mock = await host.freshAccount();
    await mock.fail('content.create', 503, { times: 2 });
    const client = clientOf(mock);
    const item = await client.content.create(mock.projectId, { keyword: 'retried create' });

    const attempts = await mock.requests({ operation: 'content.create' });
    expect(attempts.map((entry) => entry.status)).toEqual([202, 503, 503]);
    expect(new Set(attempts.map((entry) => entry.idempotency_key)).size).toBe(1);
    expect(attempts[0]?.idempotency_key).toEqual(expect.any(String));
    expect(attempts[0]?.fault).toBeNull();
    expect(attempts[2]?.fault).toMatch(/^flt_/);
    expect(attempts[0]?.body).toEqual({ keyword: 'retried create' });
    const items = await client.content.list(mock.projectId);
    expect(items.data.map((entry) => entry.id)).toEqual([item.id]);
  });

  it('retries a create whose answer was lost after it committed: the server replays it, one item exists', async () => {
    const mock = await host.freshAccount();
    await mock.disconnect('content.create');
    const client = clientOf(mock);
    const { data: item, response } = await client.content
      .create(mock.projectId, { keyword: 'lost answer' })
      .withResponse();
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    const attempts = await mock.requests({ operation: 'content.create' });
    expect(attempts.map((entry) => entry.status)).toEqual([202, null]);
    expect(attempts[0]?.idempotency_key).toBe(attempts[1]?.idempotency_key);
    const items = await client.content.list(mock.projectId);
    expect(items.data.map((entry) => entry.id)).toEqual([item.id]);
  });

  it('waits out a 429 with Retry-After: 1, then succeeds', async () => {
    const mock = await host.freshAccount();
    await mock.fail('projects.retrieve', 429, { headers: { 'Retry-After': '1' } });
    const started = performance.now();
    const project = await clientOf(mock).projects.retrieve(mock.projectId);
    expect(project.id).toBe(mock.projectId);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect((await mock.requests({ operation: 'projects.retrieve' })).map((entry) => entry.status)).toEqual([
      200, 429,
    ]);
  });

  it("raises the SDK's timeout error when a delay outlasts the client's timeout", async () => {
    const mock = await host.freshAccount();
    await mock.delay('projects.retrieve', 3_000);
    const client = clientOf(mock, { timeout: 300, maxRetries: 0 });
    const error = await client.projects.retrieve(mock.projectId).catch(errorOf);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("never lets one account's faults reach another's requests, made side by side", async () => {
    const [a, b] = await Promise.all([host.freshAccount(), host.freshAccount()]);
    await a.fail('*', 500, { times: null });
    const clientA = clientOf(a, { maxRetries: 0 });
    const clientB = clientOf(b, { maxRetries: 0 });
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        i % 2
          ? clientA.content.create(a.projectId, { keyword: `a ${i}` }).catch(errorOf)
          : clientB.content.create(b.projectId, { keyword: `b ${i}` }),
      ),
    );
    expect(results.filter((result) => result instanceof InternalServerError)).toHaveLength(2);
    expect((await clientB.content.list(b.projectId)).data).toHaveLength(2);
    expect((await b.requests()).every((entry) => entry.fault === null)).toBe(true);
    expect((await a.requests({ operation: 'content.create' })).map((entry) => entry.status)).toEqual([
      500, 500,
    ]);
  });
});
