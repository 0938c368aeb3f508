import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';
import { freshAccount } from './fresh-account';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A wrong main API key shaped like a real one, so that a leak of it would be recognised. */
const wrongKey = (i: number) =>
  `rq_test_${String(i).padStart(2, '0')}WrongKeyOfTheRightShape0123456789`.slice(0, 40);

/** `GET /v1/projects` with `key`, forwarded for `client` by the proxy on loopback. */
async function projects(test: TestServer, key: string, client: string) {
  const answer = await fetch(`${test.url}/v1/projects`, {
    headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': client },
  });
  await answer.arrayBuffer();
  return answer;
}

describe('faults and the journal beside the failed-auth throttle and --trust-proxy', () => {
  it('answers a wrong key 401, then the throttle’s 429, before any fault; journals them without the key', async () => {
    server = await startTestServer({ failedAuthLimit: 2, trustProxy: ['loopback'] });
    const { key } = await freshAccount(server);
    const fault = (
      await server.call('POST', '/__admin/faults', { body: { operation: '*', status: 503, times: null } })
    ).body;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await projects(server, wrongKey(i), '203.0.113.7')).status);
    expect(statuses).toEqual([401, 401, 429]);
    // The throttle stops even the right key from that address; the fault never reached any of them.
    expect((await projects(server, key, '203.0.113.7')).status).toBe(429);
    expect((await server.call('GET', '/__admin/faults')).body.data[0]).toMatchObject({
      id: fault.id,
      applied: 0,
    });
    // From another address the right key reaches the operation, and so the fault.
    expect((await projects(server, key, '198.51.100.4')).status).toBe(503);

    const journal = await server.call('GET', '/__admin/requests?operation=projects.list');
    expect(
      journal.body.data.map((entry: { status: number; fault: string | null }) => [entry.status, entry.fault]),
    ).toEqual([
      [503, fault.id],
      [429, null],
      [429, null],
      [401, null],
      [401, null],
    ]);
    for (let i = 0; i < 3; i++) expect(journal.text).not.toContain(wrongKey(i).slice(0, 9));
    expect(journal.text).not.toContain(key.slice(0, 9));
  });

  it('journals a request a trusted proxy forwarded as it was sent, and scopes its fault by the key', async () => {
    server = await startTestServer({ trustProxy: ['loopback'] });
    const { key, projectId } = await freshAccount(server);
    const fault = (
      await server.call('POST', '/__admin/faults', {
        body: { operation: 'content.list', api_key: key, status: 502 },
      })
    ).body;
    const forwarded = {
      'x-forwarded-for': '192.0.2.33',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': `localhost:${new URL(server.url).port}`,
    };
    const answer = await server.call('GET', `/v1/projects/${projectId}/content?limit=2`, {
      key,
      headers: forwarded,
    });
    expect(answer.status).toBe(502);
    const [entry] = (await server.call('GET', `/__admin/requests?api_key=${key}&operation=content.list`)).body
      .data;
    expect(entry).toMatchObject({
      id: answer.headers.get('x-request-id'),
      path: `/v1/projects/${projectId}/content`,
      query: { limit: '2' },
      status: 502,
      fault: fault.id,
    });
    // What the proxy added is the transport's business: no client address in the entry.
    expect(JSON.stringify(entry)).not.toContain('192.0.2.33');
  });

  it('ends the wait of a delay fault when the server shuts down: the request is answered, the close is prompt', async () => {
    const test = await startTestServer({ drainMs: 20_000 });
    const { key, projectId } = await freshAccount(test);
    await test.call('POST', '/__admin/faults', {
      body: { operation: 'content.list', api_key: key, delay_ms: 60_000, times: null },
    });
    const held = fetch(`${test.url}/v1/projects/${projectId}/content`, {
      headers: { authorization: `Bearer ${key}` },
    });
    // The fault has taken the request once it counts it as applied.
    await waitUntil(async () => (await test.call('GET', '/__admin/faults')).body.data[0]?.applied === 1);
    const started = performance.now();
    await test.close();
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ data: [] });
    // Without the shutdown signal the close waits the whole drain (20 s) and then cuts the request.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

async function waitUntil(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never held');
}
