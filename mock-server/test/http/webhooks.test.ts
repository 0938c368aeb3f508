import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ActivityEntry, listOf, Project, WebhookTestResult } from '@rankquill/contract';
import { type ReferenceReceiver, startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const SECRET = 'rq_whsec_http_test';

let server: TestServer;
let receiver: ReferenceReceiver;
let key: string;

beforeAll(async () => {
  // The real clock: the reference receiver checks webhook-timestamp against its own clock.
  server = await startTestServer({ clock: 'real' });
  receiver = await startReferenceReceiver({ secret: SECRET });
  key = server.demo.api_key;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function newProject(): Promise<string> {
  const created = await server.call('POST', '/v1/projects', {
    key,
    body: { name: 'Hooked', domain: 'hooked.example', language: 'nl' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

describe('webhook settings', () => {
  it('stores the URL and secret, shows only whether a secret is set, and removes them with null', async () => {
    const id = await newProject();
    expect((await server.call('GET', `/v1/projects/${id}`, { key })).body.webhook).toBeNull();
    const set = await server.call('PUT', `/v1/projects/${id}`, {
      key,
      body: { webhook: { url: 'https://cms.example/hooks/rankquill', secret: SECRET } },
    });
    expect(set.status).toBe(200);
    expect(set.body.webhook).toEqual({ url: 'https://cms.example/hooks/rankquill', secret_set: true });
    expect(Project.parse(set.body)).toBeTruthy();
    const read = await server.call('GET', `/v1/projects/${id}`, { key });
    const list = await server.call('GET', '/v1/projects?limit=100', { key });
    for (const text of [set.text, read.text, list.text]) expect(text).not.toContain(SECRET);
    expect(read.body.webhook).toEqual(set.body.webhook);

    const removed = await server.call('PUT', `/v1/projects/${id}`, { key, body: { webhook: null } });
    expect(removed.body.webhook).toBeNull();
  });

  it.each([
    [{ url: 'ftp://cms.example/hook', secret: SECRET }, 'webhook.url', /http\(s\) URL/],
    [{ url: '/relative/hook', secret: SECRET }, 'webhook.url', /absolute/],
    [{ url: 'https://cms.example/hook', secret: '' }, 'webhook.secret', /must not be empty/],
    [{ url: 'https://cms.example/hook', secret: 'x'.repeat(257) }, 'webhook.secret', /at most 256/],
    [{ url: 'https://cms.example/hook', secret: 'has space' }, 'webhook.secret', /x-service-key/],
    [{ url: 'https://cms.example/hook' }, 'webhook.secret', /required/],
    [{ url: 'https://cms.example/hook', secret: SECRET, events: [] }, 'webhook.events', /Unknown field/],
  ])('answers 400 naming the field for %j', async (webhook, param, message) => {
    const id = await newProject();
    const answer = await server.call('PUT', `/v1/projects/${id}`, { key, body: { webhook } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe(param);
    expect(answer.body.error.message).toMatch(message);
    expect((await server.call('GET', `/v1/projects/${id}`, { key })).body.webhook).toBeNull();
  });
});

describe('POST /v1/projects/:id/webhook/test', () => {
  it('answers 409 naming the fix when no webhook is set', async () => {
    const id = await newProject();
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(409);
    expect(answer.body.error.param).toBe('webhook');
    expect(answer.body.error.message).toContain(`PUT /v1/projects/${id}`);
  });

  it('sends a signed sample article that appears at the reference receiver', async () => {
    const id = await newProject();
    await server.call('PUT', `/v1/projects/${id}`, {
      key,
      body: { webhook: { url: `${receiver.url}/webhook`, secret: SECRET } },
    });
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(200);
    const result = WebhookTestResult.parse(answer.body);
    expect(result).toMatchObject({
      event: 'content.published',
      status: 200,
      url: '/nl/resources/blog/rankquill-webhook-test',
      error: null,
      body: { success: true, url: '/nl/resources/blog/rankquill-webhook-test' },
    });
    expect(result.delivery_id).toMatch(/^dlv_/);
    const page = await fetch(`${receiver.url}${result.url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Rankquill webhook test');
  });

  it("reports the receiver's refusal: a wrong secret is a 401 from the receiver", async () => {
    const id = await newProject();
    await server.call('PUT', `/v1/projects/${id}`, {
      key,
      body: { webhook: { url: `${receiver.url}/webhook`, secret: 'not-the-receivers-secret' } },
    });
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 401, url: null });
    expect(answer.body.error).toMatch(/HTTP 401/);
  });
});

describe('GET /v1/projects/:id/activity', () => {
  it('lists lifecycle events and delivery outcomes newest first, paginated', async () => {
    const projectId = server.demo.project_id;
    await server.call('PUT', `/v1/projects/${projectId}`, {
      key,
      body: { webhook: { url: `${receiver.url}/webhook`, secret: SECRET } },
    });
    const drafts = await server.call('GET', `/v1/projects/${projectId}/content?status=draft`, { key });
    const draft = drafts.body.data[0];
    expect(draft).toBeDefined();
    const published = await server.call('POST', `/v1/projects/${projectId}/content/${draft.id}/publish`, {
      key,
    });
    expect(published.status).toBe(200);

    let item = published.body;
    for (let i = 0; i < 100 && item.published_url === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      item = (await server.call('GET', `/v1/projects/${projectId}/content/${draft.id}`, { key })).body;
    }
    expect(item.published_url).toBe(`/en/resources/blog/${draft.slug}`);

    const page = await server.call('GET', `/v1/projects/${projectId}/activity?limit=2`, { key });
    expect(page.status).toBe(200);
    const parsed = listOf(ActivityEntry).parse(page.body);
    expect(parsed.data.map((entry) => entry.type)).toEqual([
      'webhook.delivery_succeeded',
      'content.published',
    ]);
    expect(parsed.data[0]).toMatchObject({
      event: 'content.published',
      content_id: draft.id,
      delivery_id: parsed.data[1]?.delivery_id,
      attempts: 1,
      last_status: 200,
      last_error: null,
    });
    expect(parsed.pagination).toMatchObject({ limit: 2, offset: 0, count: 2, has_more: true });
    // The seeded articles' own lifecycle entries follow.
    expect(parsed.pagination.total).toBeGreaterThan(2);
    const bad = await server.call('GET', `/v1/projects/${projectId}/activity?limit=0`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('limit');
    await server.call('PUT', `/v1/projects/${projectId}`, { key, body: { webhook: null } });
  });
});

describe('a receiver that never answers', () => {
  const sockets = new Set<Socket>();
  const seen: IncomingMessage[] = [];
  const hanging: Server = createServer((request) => {
    seen.push(request);
  });
  hanging.on('connection', (socket) => sockets.add(socket));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('blocks no API request while a delivery waits on it (real clock)', async () => {
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    const id = await newProject();
    await server.call('PUT', `/v1/projects/${id}`, {
      key,
      body: { webhook: { url: `http://127.0.0.1:${port}/webhook`, secret: SECRET } },
    });
    const content = await server.call('POST', `/v1/projects/${id}/content`, {
      key,
      body: { keyword: 'hanging receivers', length: 300 },
    });
    expect(content.status).toBe(202);
    // Generation takes half a minute on the real clock; finish it now, then publish for real.
    await server.engine.content.completeNow(content.body.id, server.engine.now());
    const published = await server.call('POST', `/v1/projects/${id}/content/${content.body.id}/publish`, {
      key,
    });
    expect(published.status).toBe(200);

    for (let i = 0; i < 200 && seen.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(seen.length).toBeGreaterThan(0);

    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      const answer = await server.call('GET', `/v1/projects/${id}/content/${content.body.id}`, { key });
      expect(answer.status).toBe(200);
    }
    const updated = await server.call('PUT', `/v1/projects/${id}`, {
      key,
      body: { name: 'Still answering' },
    });
    expect(updated.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    // The delivery is still waiting: no outcome has been recorded for it yet.
    const feed = await server.call('GET', `/v1/projects/${id}/activity`, { key });
    const outcomes = feed.body.data.filter((entry: { type: string }) => entry.type.startsWith('webhook.'));
    expect(outcomes).toEqual([]);
  });
});
