import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('admin routes', () => {
  it('creates accounts per plan and validates the body', async () => {
    server = await startTestServer();
    const enterprise = await server.call('POST', '/__admin/accounts', {
      body: { plan: 'enterprise', rate_limit: 12345 },
    });
    expect(enterprise.status).toBe(201);
    expect(enterprise.body).toMatchObject({ plan: 'enterprise', rate_limit: 12345 });
    expect(enterprise.body.api_key).toMatch(/^rq_test_/);
    for (const [body, param] of [
      [{ plan: 'gold' }, 'plan'],
      [{ plan: 'enterprise' }, 'rate_limit'],
      [{ plan: 'essential', rate_limit: 5 }, 'rate_limit'],
    ] as const) {
      const answer = await server.call('POST', '/__admin/accounts', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.param).toBe(param);
    }
  });

  it('reads and advances the manual clock, and resets to the seeded state', async () => {
    server = await startTestServer();
    const start = await server.call('GET', '/__admin/clock');
    expect(start.body).toEqual({ now: '2026-01-01T00:00:00.000Z' });
    const moved = await server.call('POST', '/__admin/clock/advance', { body: { seconds: 90 } });
    expect(moved.body).toEqual({ now: '2026-01-01T00:01:30.000Z' });
    expect((await server.call('POST', '/__admin/clock/advance', { body: { seconds: -1 } })).status).toBe(400);

    const key = server.demo.api_key;
    const before = await server.call('GET', '/v1/projects', { key });
    await server.call('POST', '/v1/projects', { key, body: { name: 'Temp', domain: 'temp.example' } });
    const reset = await server.call('POST', '/__admin/reset');
    expect(reset.body).toEqual({ reset: true });
    expect((await server.call('GET', '/__admin/clock')).body.now).toBe('2026-01-01T00:00:00.000Z');
    expect((await server.call('GET', '/v1/projects', { key })).body).toEqual(before.body);
  });

  it('runs generation that falls due inside an advance, at its own instant', async () => {
    server = await startTestServer();
    const key = server.demo.api_key;
    const project = server.demo.project_id;
    const created = await server.call('POST', `/v1/projects/${project}/content`, {
      key,
      body: { keyword: 'x y z', length: 300 },
    });
    await server.advance(3600);
    const item = await server.call('GET', `/v1/projects/${project}/content/${created.body.id}`, { key });
    expect(item.body.status).toBe('draft');
    expect(item.body.updated_at).toBe(created.body.estimated_completion);
  });

  it('requires the admin token when one is set, and vanishes with admin off', async () => {
    server = await startTestServer({ adminToken: 's3cret' });
    expect((await server.call('GET', '/__admin/clock')).status).toBe(401);
    expect(
      (await server.call('GET', '/__admin/clock', { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
    expect(
      (await server.call('GET', '/__admin/clock', { headers: { authorization: 'Bearer s3cret' } })).status,
    ).toBe(200);
    await server.close();

    server = await startTestServer({ admin: false });
    expect((await server.call('POST', '/__admin/reset')).status).toBe(404);
    expect((await server.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
  });

  it('refuses to advance the real clock', async () => {
    server = await startTestServer({ clock: 'real' });
    const answer = await server.call('POST', '/__admin/clock/advance', { body: { seconds: 1 } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toContain('--clock manual');
  });
});
