import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
});
afterAll(() => server.close());

describe('authentication', () => {
  it.each([
    [undefined, 'No API key provided'],
    ['Bearer rq_test_wrong', 'Invalid API key'],
    ['Basic abc', 'must be `Bearer <API_KEY>`'],
  ])('answers 401 for Authorization %s', async (authorization, message) => {
    const answer = await server.call('GET', '/v1/projects', {
      headers: authorization ? { authorization } : {},
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.type).toBe('authentication_error');
    expect(answer.body.error.message).toContain(message);
    expect(answer.headers.get('x-request-id')).toBe(answer.body.error.request_id);
  });

  it('stores main API keys hashed, never in the clear', async () => {
    const account = await server.call('POST', '/__admin/accounts', { body: { plan: 'professional' } });
    expect(account.body).toMatchObject({ plan: 'professional', rate_limit: 500 });
    // biome-ignore lint/complexity/useLiteralKeys: reads the engine's private store to see what is kept at rest
    const rows = await server.engine['ctx'].store.find('accounts', {});
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(account.body.api_key);
    expect(dump).not.toContain(key);
    expect((await server.call('GET', '/v1/projects', { key: account.body.api_key })).status).toBe(200);
  });
});

describe('routing', () => {
  it('answers 404 for unknown routes', async () => {
    const unknown = await server.call('GET', '/v1/nothing-here', { key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('No route for GET /v1/nothing-here');
  });

  it('gives every answer a distinct X-Request-Id', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 5; i++) ids.add((await server.call('GET', '/healthz')).headers.get('x-request-id'));
    expect(ids.size).toBe(5);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, without creating twice', async () => {
    const body = { name: 'Once', domain: 'once.example' };
    const headers = { 'idempotency-key': 'create-once-1' };
    const first = await server.call('POST', '/v1/projects', { key, body, headers });
    const second = await server.call('POST', '/v1/projects', { key, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const list = await server.call('GET', '/v1/projects?limit=100', { key });
    expect(list.body.data.filter((p: { name: string }) => p.name === 'Once')).toHaveLength(1);
  });

  it('answers 409 when the same key comes with another body', async () => {
    const headers = { 'idempotency-key': 'create-once-2' };
    await server.call('POST', '/v1/projects', { key, body: { name: 'A', domain: 'a.example' }, headers });
    const clash = await server.call('POST', '/v1/projects', {
      key,
      body: { name: 'B', domain: 'b.example' },
      headers,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ type: 'conflict_error', param: 'Idempotency-Key' });
  });

  it('expires keys after 24 hours on the clock', async () => {
    const headers = { 'idempotency-key': 'create-once-3' };
    const body = { name: 'Daily', domain: 'daily.example' };
    const first = await server.call('POST', '/v1/projects', { key, body, headers });
    await server.advance(24 * 3600 + 1);
    const later = await server.call('POST', '/v1/projects', { key, body, headers });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('replays concurrent retries of one request as one', async () => {
    const headers = { 'idempotency-key': 'race-1' };
    const projectId = server.demo.project_id;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        server.call('POST', `/v1/projects/${projectId}/content`, { key, body: { keyword: 'race' }, headers }),
      ),
    );
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });
});
