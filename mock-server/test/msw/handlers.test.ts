import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, DEFAULT_MSW_BASE_URL, type RankquillHandlers } from '../../src/msw/index';
import { startServer } from '../../src/runtime/server';

const server = setupServer();
let mock: RankquillHandlers;

beforeAll(async () => {
  mock = await createHandlers({ seed: 7 });
  // The parity test talks to a real server on loopback; everything else must hit the handlers.
  server.listen({
    onUnhandledFrame: ({ frame, defaults }) => {
      const request = (frame.data as { request?: Request }).request;
      if (request && new URL(request.url).hostname === '127.0.0.1') return;
      defaults.error();
    },
  });
});
afterEach(async () => {
  server.resetHandlers();
  await mock.reset();
});
afterAll(() => server.close());

function bearer(key: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${key}`, ...extra };
}

describe('createHandlers', () => {
  it('answers the main API with the seeded demo account and sets X-Request-Id', async () => {
    server.use(...mock.handlers);
    expect(mock.baseURL).toBe(DEFAULT_MSW_BASE_URL);
    const response = await fetch(`${mock.baseURL}/projects/${mock.demo.project_id}`, {
      headers: bearer(mock.demo.api_key),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const project = await response.json();
    expect(project).toMatchObject({ id: mock.demo.project_id, public_api_key: mock.demo.public_api_key });
  });

  it('answers the public article API beside the main API, with the spec messages', async () => {
    server.use(...mock.handlers);
    expect(mock.contentApiURL).toBe('https://api.rankquill.test/public-article-api');
    const list = await fetch(`${mock.contentApiURL}?limit=2`, {
      headers: { 'x-service-key': mock.demo.public_api_key },
    });
    const body = await list.json();
    expect(body.success).toBe(true);
    expect(body.articles).toHaveLength(2);
    expect(body.pagination).toMatchObject({ limit: 2, offset: 0, count: 2, has_more: true });

    const missing = await fetch(mock.contentApiURL);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      success: false,
      error: 'API key required. Pass via X-Service-Key header.',
    });
  });

  it('reads JSON bodies, honours Idempotency-Key and reports errors in the main API format', async () => {
    server.use(...mock.handlers);
    const init = {
      method: 'POST',
      headers: bearer(mock.demo.api_key, { 'content-type': 'application/json', 'idempotency-key': 'k-1' }),
      body: JSON.stringify({ name: 'Docs', domain: 'docs.example' }),
    };
    const first = await fetch(`${mock.baseURL}/projects`, init);
    const second = await fetch(`${mock.baseURL}/projects`, init);
    expect(first.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());

    const invalid = await fetch(`${mock.baseURL}/projects`, {
      method: 'POST',
      headers: bearer(mock.demo.api_key, { 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'No domain' }),
    });
    expect(invalid.status).toBe(400);
    const error = (await invalid.json()).error;
    expect(error).toMatchObject({ type: 'invalid_request_error', param: 'domain' });
    expect(error.request_id).toBe(invalid.headers.get('x-request-id'));
  });

  it('moves the manual clock with advance() so generation finishes, and reset() restores the seed', async () => {
    server.use(...mock.handlers);
    const created = await fetch(`${mock.baseURL}/projects/${mock.demo.project_id}/content`, {
      method: 'POST',
      headers: bearer(mock.demo.api_key, { 'content-type': 'application/json' }),
      body: JSON.stringify({ keyword: 'latte art', length: 300 }),
    }).then((response) => response.json());
    expect(created.status).toBe('generating');
    await mock.advance(3600);
    const done = await fetch(`${mock.baseURL}/projects/${mock.demo.project_id}/content/${created.id}`, {
      headers: bearer(mock.demo.api_key),
    }).then((response) => response.json());
    expect(done.status).toBe('draft');

    await mock.reset();
    const gone = await fetch(`${mock.baseURL}/projects/${mock.demo.project_id}/content/${created.id}`, {
      headers: bearer(mock.demo.api_key),
    });
    expect(gone.status).toBe(404);
    const clock = await fetch(`${mock.baseURL.replace(/\/v1$/, '')}/__admin/clock`).then((r) => r.json());
    expect(clock).toEqual({ now: '2026-01-01T00:00:00.000Z' });
  });

  it('answers under a custom base URL, including one with a path prefix', async () => {
    const custom = await createHandlers({ seed: 7, baseURL: 'http://localhost:9999/mock/v1/' });
    server.use(...custom.handlers);
    expect(custom.baseURL).toBe('http://localhost:9999/mock/v1');
    expect(custom.contentApiURL).toBe('http://localhost:9999/mock/public-article-api');
    const response = await fetch(`${custom.baseURL}/projects`, { headers: bearer(custom.demo.api_key) });
    expect(response.status).toBe(200);
    expect((await response.json()).pagination.total).toBe(2);
  });

  it('rejects a base URL that is not the main API address', async () => {
    await expect(createHandlers({ baseURL: 'not a url' })).rejects.toThrow(/not an absolute URL/);
    await expect(createHandlers({ baseURL: 'https://api.example.test/' })).rejects.toThrow(/ending in \/v1/);
  });

  it('answers byte for byte like the HTTP server for the same seed and requests', async () => {
    server.use(...mock.handlers);
    const real = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 7 });
    try {
      expect(real.demo).toEqual(mock.demo);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/v1/projects?limit=1'],
        ['POST', '/v1/projects', { name: 'Parity', domain: 'parity.example' }],
        ['GET', `/v1/projects/${mock.demo.project_id}/content?status=published`],
        ['POST', `/v1/projects/${mock.demo.project_id}/content`, { keyword: 'moka pot' }],
        ['GET', '/v1/projects/proj_missing'],
      ];
      for (const [method, path, body] of calls) {
        const init: RequestInit = {
          method,
          headers: bearer(mock.demo.api_key, { 'content-type': 'application/json' }),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        };
        const viaMsw = await fetch(`${mock.baseURL.replace(/\/v1$/, '')}${path}`, init);
        const viaHttp = await fetch(`${real.url}${path}`, init);
        expect(viaMsw.status).toBe(viaHttp.status);
        expect(await viaMsw.text()).toBe(await viaHttp.text());
      }
    } finally {
      await real.close();
    }
  });

  it('delivers webhooks in the background without advance, lists them and redelivers them, from the same engine', async () => {
    server.use(...mock.handlers);
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      received.push(request.headers['webhook-id'] as string);
      request.resume();
      request.on('end', () => response.writeHead(200).end('{"success":true,"url":"/en/x"}'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const api = (method: string, path: string, body?: unknown) =>
        fetch(`${mock.baseURL}/projects/${mock.demo.project_id}${path}`, {
          method,
          headers: bearer(mock.demo.api_key, { 'content-type': 'application/json' }),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const set = await api('PUT', '', { webhook: { url, secret: 'msw-secret' } });
      expect(set.headers.get('x-rankquill-clock')).toBe('manual');
      expect((await set.json()).webhook.signing_secret).toMatch(/^whsec_/);
      const queued = await api('POST', '/webhook/test');
      expect(queued.status).toBe(202);
      const { id } = (await queued.json()) as { id: string };
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(received).toEqual([id]);
      let listed = await (await api('GET', '/deliveries')).json();
      for (let i = 0; i < 100 && listed.data[0].status === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 10));
        listed = await (await api('GET', '/deliveries')).json();
      }
      expect(listed.data[0]).toMatchObject({ id, status: 'succeeded', attempt_count: 1 });
      expect((await api('POST', `/deliveries/${id}/redeliver`)).status).toBe(202);
      for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(received).toEqual([id, id]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
