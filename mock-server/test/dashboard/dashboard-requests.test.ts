import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import { DashboardClient } from './dashboard-client';
import { server, signedIn, useDashboardServer } from './dashboard-server';

useDashboardServer();

async function fault(body: object) {
  const answer = await server.call('POST', '/__admin/faults', { body });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('the Requests page', () => {
  it("shows the account's requests with their status, duration, request id, fault and body, and no key beyond 8 characters", async () => {
    const client = await signedIn();
    const key = server.demo.api_key;
    const publicKey = server.demo.public_api_key;
    const made = await fault({ operation: 'content.create', api_key: key, status: 503 });
    const failed = await server.call('POST', `/v1/projects/${server.demo.project_id}/content`, {
      key,
      body: { keyword: `secret ${key}`, notes: { signing_secret: 'whsec_abcdefghijklmnop' } },
      headers: { 'idempotency-key': 'dash-1' },
    });
    expect(failed.status).toBe(503);
    await server.call('GET', '/public-article-api?limit=1', { headers: { 'x-service-key': publicKey } });
    const other = (await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } })).body
      .api_key;
    await server.call('GET', '/v1/projects?limit=7', { key: other });

    const page = await client.get('/requests');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<a href="/requests">Requests</a>');
    expect(page.html).toContain(failed.headers.get('x-request-id'));
    expect(page.html).toContain(made.id);
    expect(page.html).toMatch(/<td>POST<\/td>.*\/content<\/code><\/summary>/s);
    expect(page.html).toContain('Idempotency-Key dash-1');
    expect(page.html).toContain('/public-article-api?limit=1');
    expect(page.html).toContain('&quot;keyword&quot;: &quot;secret rq_test_…&quot;');
    // Another account's request is not on this account's page.
    expect(page.html).not.toContain('limit=7');
    for (const secret of [key, publicKey, other, 'whsec_abcdefghijklmnop']) {
      expect(page.html).not.toContain(secret.slice(0, 9));
    }
  });

  it('lists the faults that reach the account and removes one with its button', async () => {
    const client = await signedIn();
    const own = await fault({
      operation: 'projects.list',
      api_key: server.demo.api_key,
      delay_ms: 20,
      times: null,
    });
    const onPublic = await fault({
      operation: 'publicArticles.get',
      public_api_key: server.demo.public_api_key,
      status: 429,
      headers: { 'Retry-After': '4' },
    });
    const everyone = await fault({ operation: '*', disconnect: 'after', times: 3 });
    const other = (await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } })).body
      .api_key;
    const elsewhere = await fault({ operation: 'projects.list', api_key: other, status: 500 });

    const page = await client.get('/requests');
    for (const shown of [own, onPublic, everyone]) expect(page.html).toContain(shown.id);
    expect(page.html).not.toContain(elsewhere.id);
    expect(page.html).toContain('answers 429 with Retry-After: 4');
    expect(page.html).toContain('waits 20 ms, then answers');
    expect(page.html).toContain('runs the operation, then closes the connection');
    expect(page.html).toContain('<strong>every caller</strong>');

    const removed = await client.post(`/requests/faults/${own.id}/remove`);
    expect(removed.status).toBe(303);
    expect((await client.get('/requests')).html).toContain(`Fault ${own.id} removed.`);
    const left = (await server.call('GET', '/__admin/faults')).body.data.map((f: { id: string }) => f.id);
    expect(left).toEqual([onPublic.id, everyone.id, elsewhere.id]);
    // Another account's fault cannot be removed from this account's page.
    await client.post(`/requests/faults/${elsewhere.id}/remove`);
    expect((await server.call('GET', '/__admin/faults')).body.data).toHaveLength(3);
    await server.call('DELETE', '/__admin/faults');
  });

  it('asks for the admin token to remove a fault when the server has one, and is gone with admin off', async () => {
    const guarded = await startTestServer({ adminToken: 'dash-token' });
    try {
      const auth = { authorization: 'Bearer dash-token' };
      const made = (
        await guarded.call('POST', '/__admin/faults', {
          body: { operation: '*', status: 500 },
          headers: auth,
        })
      ).body;
      const client = new DashboardClient(guarded);
      await client.signIn(guarded.demo.api_key);
      expect((await client.get('/requests')).html).toContain('name="admin_token"');
      await client.post(`/requests/faults/${made.id}/remove`, { admin_token: 'wrong' });
      expect((await client.get('/requests')).html).toContain('That admin token is not the one');
      await client.post(`/requests/faults/${made.id}/remove`, { admin_token: 'dash-token' });
      expect((await guarded.call('GET', '/__admin/faults', { headers: auth })).body.data).toEqual([]);
    } finally {
      await guarded.close();
    }
    const closed = await startTestServer({ admin: false });
    try {
      const client = new DashboardClient(closed);
      await client.signIn(closed.demo.api_key);
      expect((await client.get('/requests')).status).toBe(404);
      expect((await client.get('/')).html).not.toContain('href="/requests"');
    } finally {
      await closed.close();
    }
  });
});
