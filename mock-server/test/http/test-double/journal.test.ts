import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';
import { freshAccount } from './fresh-account';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('GET /__admin/requests', () => {
  it('journals each request as it arrived and how it was answered, newest first', async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    await server.advance(60);
    const created = await server.call('POST', `/v1/projects/${projectId}/content?utm=1`, {
      key,
      body: { keyword: 'journaled', length: 400 },
      headers: { 'idempotency-key': 'key-1' },
    });
    const listed = await server.call('GET', `/v1/projects/${projectId}/content?limit=5`, { key });
    await server.call('GET', '/no/such/route');
    await server.call('GET', '/healthz');

    const journal = await server.call('GET', `/__admin/requests?api_key=${key}`);
    expect(journal.status).toBe(200);
    expect(journal.body.pagination).toEqual({ limit: 10, offset: 0, count: 3, total: 3, has_more: false });
    const [list, create, project] = journal.body.data;
    expect(create).toEqual({
      id: created.headers.get('x-request-id'),
      at: '2026-01-01T00:01:00.000Z',
      operation: 'content.create',
      method: 'POST',
      path: `/v1/projects/${projectId}/content`,
      query: { utm: '1' },
      idempotency_key: 'key-1',
      body: { keyword: 'journaled', length: 400 },
      status: 202,
      duration_ms: expect.any(Number),
      fault: null,
    });
    expect(list).toMatchObject({
      id: listed.headers.get('x-request-id'),
      operation: 'content.list',
      query: { limit: '5' },
      body: null,
      status: 200,
    });
    expect(project).toMatchObject({ operation: 'projects.create', status: 201 });

    // Unfiltered: the unknown route too (operation null); admin routes and the health check never.
    const all = (await server.call('GET', '/__admin/requests?limit=100')).body.data;
    expect(all[0]).toMatchObject({ operation: null, path: '/no/such/route', status: 404 });
    expect(
      all.some((entry: { path: string }) => entry.path.startsWith('/__admin') || entry.path === '/healthz'),
    ).toBe(false);
  });

  it('filters by account, public key (either, given both) and operation, and pages', async () => {
    server = await startTestServer();
    const a = await freshAccount(server);
    const b = await freshAccount(server);
    for (let i = 0; i < 3; i++) await server.call('GET', `/v1/projects/${a.projectId}`, { key: a.key });
    await server.call('GET', `/v1/projects/${b.projectId}`, { key: b.key });
    await server.call('GET', '/public-article-api', { headers: { 'x-service-key': a.publicKey } });
    const entries = async (query: string) =>
      (await server?.call('GET', `/__admin/requests?${query}`))?.body.data.map(
        (entry: { operation: string }) => entry.operation,
      );
    expect(await entries(`api_key=${b.key}`)).toEqual(['projects.retrieve', 'projects.create']);
    expect(await entries(`public_api_key=${a.publicKey}`)).toEqual(['publicArticles.get']);
    expect(await entries(`api_key=${a.key}&public_api_key=${a.publicKey}&limit=2`)).toEqual([
      'publicArticles.get',
      'projects.retrieve',
    ]);
    expect(await entries(`api_key=${a.key}&operation=projects.create`)).toEqual(['projects.create']);
    const page = await server.call('GET', `/__admin/requests?api_key=${a.key}&limit=2&offset=2`);
    expect(page.body.pagination).toEqual({ limit: 2, offset: 2, count: 2, total: 4, has_more: false });

    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['operation=content.creat', 'operation'],
      ['api_key=rq_test_nobody', 'api_key'],
    ]) {
      const refused = await server.call('GET', `/__admin/requests?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.param, query).toBe(param);
    }
  });

  it('records the fault that applied, and a null status for a closed connection', async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    const fault = (
      await server.call('POST', '/__admin/faults', {
        body: { operation: 'content.list', api_key: key, disconnect: 'after' },
      })
    ).body;
    await expect(server.call('GET', `/v1/projects/${projectId}/content`, { key })).rejects.toThrow(TypeError);
    const [entry] = (await server.call('GET', `/__admin/requests?api_key=${key}&operation=content.list`)).body
      .data;
    expect(entry).toMatchObject({ operation: 'content.list', status: null, fault: fault.id });
  });

  it('keeps no key or secret beyond its first 8 characters: path, query, Idempotency-Key, body', async () => {
    server = await startTestServer();
    const { key, projectId, publicKey } = await freshAccount(server);
    const webhookSecret = 'my-webhook-secret-value-1234';
    await server.call('PUT', `/v1/projects/${projectId}`, {
      key,
      body: { webhook: { url: 'http://127.0.0.1:9/hook', secret: webhookSecret } },
    });
    const rotated = await server.call('POST', `/v1/projects/${projectId}/webhook/signing-secret/rotate`, {
      key,
    });
    const signingSecret: string = rotated.body.signing_secret;
    await server.call('GET', `/v1/projects/${key}?api_key=${key}&note=${publicKey}`, {
      key,
      headers: { 'idempotency-key': `retry-${signingSecret}` },
    });
    await server.call('POST', `/v1/projects/${projectId}/content`, {
      key,
      body: { keyword: `about ${publicKey}`, notes: { signing_secret: signingSecret } },
    });
    const text = (await server.call('GET', '/__admin/requests?limit=100')).text;
    for (const secret of [key, publicKey, webhookSecret, signingSecret]) {
      expect(text).not.toContain(secret.slice(0, 9));
    }
    const entries = JSON.parse(text).data;
    expect(
      entries.find((entry: { operation: string }) => entry.operation === 'projects.update').body,
    ).toEqual({
      webhook: { url: 'http://127.0.0.1:9/hook', secret: 'my-webho…' },
    });
    expect(entries[1]).toMatchObject({
      path: '/v1/projects/rq_test_…',
      query: { api_key: 'rq_test_…', note: `${publicKey.slice(0, 8)}…` },
      idempotency_key: `retry-${signingSecret.slice(0, 8)}…`,
    });
  });

  it('cuts long strings of a body over 64 KiB, and keeps no body that is not JSON', async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    const content = `<p>${'word '.repeat(20_000)}</p>`;
    await server.call('PUT', `/v1/projects/${projectId}/content/cnt_nothere`, { key, body: { content } });
    await server.call('POST', `/v1/projects/${projectId}/content`, { key, body: '{"keyword": ' });
    const [broken, large] = (await server.call('GET', `/__admin/requests?api_key=${key}&limit=2`)).body.data;
    expect(large.body.content).toBe(`${content.slice(0, 1000)}…`);
    expect(broken).toMatchObject({ status: 400, body: null });
  });

  it('forgets one account’s requests or all, and keeps only the last --journal-size', async () => {
    server = await startTestServer({ journalSize: 3 });
    const a = await freshAccount(server);
    const b = await freshAccount(server);
    const total = async (query = '') =>
      (await server?.call('GET', `/__admin/requests${query}`))?.body.pagination.total;
    expect(await total()).toBe(2);
    for (let i = 0; i < 3; i++) await server.call('GET', '/v1/projects', { key: a.key });
    expect(await total()).toBe(3);
    await server.call('GET', '/v1/projects', { key: b.key });
    expect((await server.call('DELETE', `/__admin/requests?api_key=${a.key}`)).body).toEqual({ deleted: 2 });
    expect(await total()).toBe(1);
    expect((await server.call('DELETE', '/__admin/requests')).body).toEqual({ deleted: 1 });
    expect(await total()).toBe(0);
    await server.close();

    server = await startTestServer({ journalSize: 0 });
    await server.call('GET', '/v1/projects', { key: server.demo.api_key });
    expect(await total()).toBe(0);
  });
});
