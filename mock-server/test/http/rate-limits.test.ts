import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function account(body: Record<string, unknown>): Promise<string> {
  const created = await server.call('POST', '/__admin/accounts', { body });
  expect(created.status).toBe(201);
  return created.body.api_key;
}

async function spend(key: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await server.call('GET', '/v1/projects', { key });
    if (answer.status !== 200) throw new Error(`request ${i + 1} answered ${answer.status}`);
  }
}

describe('rate limits per plan, per rolling hour', () => {
  it.each([
    ['essential', 100],
    ['professional', 500],
    ['agencies', 2000],
  ])('allows exactly %s = %i requests an hour, then 429 until the hour has rolled', async (plan, limit) => {
    const key = await account({ plan });
    const first = await server.call('GET', '/v1/projects', { key });
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(limit));
    expect(first.headers.get('x-ratelimit-remaining')).toBe(String(limit - 1));
    await spend(key, limit - 1);

    const refused = await server.call('GET', '/v1/projects', { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.type).toBe('rate_limit_error');
    expect(refused.body.error.message).toContain(`${limit} requests per hour`);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const clock = await server.call('GET', '/__admin/clock');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(Date.parse(clock.body.now) / 1000 + 3600);

    await server.advance(3599);
    expect((await server.call('GET', '/v1/projects', { key })).status).toBe(429);
    await server.advance(1);
    expect((await server.call('GET', '/v1/projects', { key })).status).toBe(200);
  });

  it('uses the custom figure of an enterprise account, over a rolling window', async () => {
    const key = await account({ plan: 'enterprise', rate_limit: 3 });
    await spend(key, 1); // t = 0
    await server.advance(30 * 60);
    await spend(key, 2); // t = 30 min
    await server.advance(15 * 60);
    const refused = await server.call('GET', '/v1/projects', { key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60));
    await server.advance(15 * 60);
    expect((await server.call('GET', '/v1/projects', { key })).status).toBe(200); // t = 60 min: the first left the window
    expect((await server.call('GET', '/v1/projects', { key })).status).toBe(429);
  });

  it('counts per account, puts the headers on errors too, and leaves the public article API alone', async () => {
    const a = await account({ plan: 'enterprise', rate_limit: 1 });
    const b = await account({ plan: 'enterprise', rate_limit: 1 });
    const notFound = await server.call('GET', '/v1/projects/proj_missing', { key: a });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await server.call('GET', '/v1/projects', { key: a })).status).toBe(429);
    expect((await server.call('GET', '/v1/projects', { key: b })).status).toBe(200);
    const publicAnswer = await server.call('GET', '/public-article-api', {
      headers: { 'x-service-key': server.demo.public_api_key },
    });
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
