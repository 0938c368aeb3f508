import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ActivityEntry, Delivery, listOf, Project } from '@rankquill/contract';
import { type ReferenceReceiver, startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const SECRET = 'rq_whsec_http_test';

let server: TestServer;
let receiver: ReferenceReceiver;
let key: string;

beforeAll(async () => {
  // The real clock: the hanging-receiver test publishes for real.
  server = await startTestServer({ clock: 'real' });
  receiver = await startReferenceReceiver({ secret: SECRET });
  key = server.demo.api_key;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function newProject(on: TestServer = server): Promise<string> {
  const created = await on.call('POST', '/v1/projects', {
    key: on.demo.api_key,
    body: { name: 'Hooked', domain: 'hooked.example', language: 'nl' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function setWebhook(id: string, url: string, on: TestServer = server, secret = SECRET) {
  const answer = await on.call('PUT', `/v1/projects/${id}`, {
    key: on.demo.api_key,
    body: { webhook: { url, secret } },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** Reads until `done` holds or a second has passed, and answers the last value read. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 1000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function listDeliveries(id: string, on: TestServer = server, query = '') {
  const answer = await on.call('GET', `/v1/projects/${id}/deliveries${query}`, { key: on.demo.api_key });
  expect(answer.status, answer.text).toBe(200);
  return listOf(Delivery).parse(answer.body);
}

describe('webhook settings', () => {
  it('stores the URL and secret, answers the signing secret once, shows only that both are set, and removes them with null', async () => {
    const id = await newProject();
    expect((await server.call('GET', `/v1/projects/${id}`, { key })).body.webhook).toBeNull();
    const set = await setWebhook(id, 'https://cms.example/hooks/rankquill');
    const signingSecret = set.webhook.signing_secret;
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Project.parse(set)).toBeTruthy();
    const shown = {
      url: 'https://cms.example/hooks/rankquill',
      secret_set: true,
      signing_secret_set: true,
      previous_signing_secret_expires_at: null,
    };
    expect(set.webhook).toEqual({ ...shown, signing_secret: signingSecret });
    const read = await server.call('GET', `/v1/projects/${id}`, { key });
    const list = await server.call('GET', '/v1/projects?limit=100', { key });
    for (const text of [read.text, list.text]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(signingSecret);
    }
    expect(set.text ?? JSON.stringify(set)).not.toContain(SECRET);
    expect(read.body.webhook).toEqual(shown);

    // Changing the URL or secret keeps the signing secret, and does not show it again.
    const moved = await setWebhook(id, 'https://cms.example/hooks/v2', server, 'another-secret');
    expect(moved.webhook).toEqual({ ...shown, url: 'https://cms.example/hooks/v2' });

    const removed = await server.call('PUT', `/v1/projects/${id}`, { key, body: { webhook: null } });
    expect(removed.body.webhook).toBeNull();
    const again = await setWebhook(id, 'https://cms.example/hooks/v3');
    expect(again.webhook.signing_secret).toMatch(/^whsec_/);
    expect(again.webhook.signing_secret).not.toBe(signingSecret);
  });

  it('rotates the signing secret: the new one is answered once, the old one signs for 24 more hours', async () => {
    const id = await newProject();
    const none = await server.call('POST', `/v1/projects/${id}/webhook/signing-secret/rotate`, { key });
    expect(none.status).toBe(409);
    expect(none.body.error.param).toBe('webhook');
    const set = await setWebhook(id, 'https://cms.example/hooks/rankquill');
    const rotated = await server.call('POST', `/v1/projects/${id}/webhook/signing-secret/rotate`, { key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.signing_secret).toMatch(/^whsec_/);
    expect(rotated.body.signing_secret).not.toBe(set.webhook.signing_secret);
    const expires = Date.parse(rotated.body.previous_signing_secret_expires_at);
    expect(expires - server.engine.now()).toBeGreaterThan(24 * 3600_000 - 5000);
    expect(expires - server.engine.now()).toBeLessThanOrEqual(24 * 3600_000);
    const read = await server.call('GET', `/v1/projects/${id}`, { key });
    expect(read.body.webhook.previous_signing_secret_expires_at).toBe(
      rotated.body.previous_signing_secret_expires_at,
    );
    expect(read.text).not.toContain('whsec_');
  });

  it.each([
    [{ url: 'ftp://cms.example/hook', secret: SECRET }, 'webhook.url', /http\(s\) URL/],
    [{ url: '/relative/hook', secret: SECRET }, 'webhook.url', /absolute/],
    [{ url: 'https://cms.example/hook', secret: '' }, 'webhook.secret', /must not be empty/],
    [{ url: 'https://cms.example/hook', secret: 'x'.repeat(257) }, 'webhook.secret', /at most 256/],
    [{ url: 'https://cms.example/hook', secret: 'has space' }, 'webhook.secret', /x-service-key/],
    [{ url: 'https://cms.example/hook' }, 'webhook.secret', /required/],
    [{ url: 'https://cms.example/hook', secret: SECRET, events: [] }, 'webhook.events', /Unknown field/],
    [{ url: 'http://169.254.169.254/latest/meta-data/', secret: SECRET }, 'webhook.url', /link-local/],
    [{ url: 'http://user:pw@cms.example/hook', secret: SECRET }, 'webhook.url', /credentials/],
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

  it('queues a signed sample article that appears at the reference receiver, and lists its attempt', async () => {
    const id = await newProject();
    await setWebhook(id, `${receiver.url}/webhook`);
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(202);
    const queued = Delivery.parse(answer.body);
    expect(queued).toMatchObject({ event: 'content.published', test: true, content_id: null });
    expect(queued.id).toMatch(/^dlv_/);
    const listed = await eventually(
      () => listDeliveries(id),
      (page) => page.data[0]?.status !== 'pending',
    );
    expect(listed.data[0]).toMatchObject({ id: queued.id, status: 'succeeded', attempt_count: 1 });
    expect(listed.data[0]?.attempts[0]).toMatchObject({
      status: 200,
      error: null,
      answer: '{"success":true,"url":"/nl/resources/blog/rankquill-webhook-test"}',
    });
    const page = await fetch(`${receiver.url}/nl/resources/blog/rankquill-webhook-test`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Rankquill webhook test');
    // A test is neither retried nor in the activity feed.
    const feed = await server.call('GET', `/v1/projects/${id}/activity`, { key });
    expect(feed.body.data).toEqual([]);
  });

  it("shows the receiver's refusal in the delivery: a wrong secret is a 401, not retried", async () => {
    const id = await newProject();
    await setWebhook(id, `${receiver.url}/webhook`, server, 'not-the-receivers-secret');
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(202);
    const listed = await eventually(
      () => listDeliveries(id),
      (page) => page.data[0]?.status !== 'pending',
    );
    expect(listed.data[0]).toMatchObject({ status: 'failed', attempt_count: 1, next_attempt_at: null });
    expect(listed.data[0]?.attempts[0]?.status).toBe(401);
    expect(listed.data[0]?.attempts[0]?.error).toMatch(/HTTP 401/);
  });
});

describe('deliveries', () => {
  it('lists newest first, paginated, and redelivers a finished one with the same webhook-id', async () => {
    const seen: Array<{ id: string; event: string }> = [];
    let status = 500;
    const recorder = createServer((request, response) => {
      seen.push({
        id: request.headers['webhook-id'] as string,
        event: request.headers['x-service-event'] as string,
      });
      request.resume();
      request.on('end', () => response.writeHead(status).end('{"error":"later"}'));
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const id = await newProject();
      await setWebhook(id, `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/hook`);
      for (let i = 0; i < 3; i++) await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
      const page = await eventually(
        () => listDeliveries(id, server, '?limit=2'),
        (listed) => listed.data.every((delivery) => delivery.status === 'failed'),
      );
      expect(page.pagination).toMatchObject({ limit: 2, offset: 0, count: 2, total: 3, has_more: true });
      const rest = await listDeliveries(id, server, '?limit=2&offset=2');
      const all = [...page.data, ...rest.data];
      expect(all.map((delivery) => delivery.id)).toEqual([...seen].reverse().map((request) => request.id));
      const oldest = all[2] as Delivery;

      status = 200;
      const again = await server.call('POST', `/v1/projects/${id}/deliveries/${oldest.id}/redeliver`, {
        key,
      });
      expect(again.status).toBe(202);
      expect(Delivery.parse(again.body)).toMatchObject({ id: oldest.id, status: 'pending' });
      const done = await eventually(
        () => listDeliveries(id, server, '?limit=10'),
        (listed) => listed.data.find((delivery) => delivery.id === oldest.id)?.status === 'succeeded',
      );
      const redelivered = done.data.find((delivery) => delivery.id === oldest.id);
      expect(redelivered).toMatchObject({ status: 'succeeded', attempt_count: 2 });
      expect(redelivered?.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
      expect(seen.at(-1)).toEqual({ id: oldest.id, event: 'content.published' });

      const unknown = await server.call('POST', `/v1/projects/${id}/deliveries/dlv_nope/redeliver`, { key });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.param).toBe('deliveryId');
      const other = await newProject();
      const foreign = await server.call('POST', `/v1/projects/${other}/deliveries/${oldest.id}/redeliver`, {
        key,
      });
      expect(foreign.status).toBe(404);
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it('go to a slow receiver side by side: eight take about as long as one', async () => {
    const slow = createServer((request, response) => {
      request.resume();
      request.on('end', () => setTimeout(() => response.writeHead(200).end('{}'), 300));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const id = await newProject();
      await setWebhook(id, `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`);
      const started = performance.now();
      for (let i = 0; i < 8; i++) await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
      const listed = await eventually(
        () => listDeliveries(id),
        (page) => page.data.every((delivery) => delivery.status === 'succeeded'),
        3000,
      );
      expect(listed.data.map((delivery) => delivery.status)).toEqual(Array(8).fill('succeeded'));
      // One after another they would take 8 × 300 ms.
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('GET /v1/projects/:id/activity', () => {
  it('lists lifecycle events and delivery outcomes newest first, paginated', async () => {
    const projectId = server.demo.project_id;
    await setWebhook(projectId, `${receiver.url}/webhook`);
    const drafts = await server.call('GET', `/v1/projects/${projectId}/content?status=draft`, { key });
    const draft = drafts.body.data[0];
    expect(draft).toBeDefined();
    const published = await server.call('POST', `/v1/projects/${projectId}/content/${draft.id}/publish`, {
      key,
    });
    expect(published.status).toBe(200);

    const item = await eventually(
      async () => (await server.call('GET', `/v1/projects/${projectId}/content/${draft.id}`, { key })).body,
      (current) => current.published_url !== null,
    );
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

describe('the egress guard', () => {
  /** A made-up DNS the test changes between setting a webhook and delivering to it. */
  const dns = new Map<string, string[]>();
  let guarded: TestServer;
  let receiverPort: number;
  beforeAll(async () => {
    guarded = await startTestServer({
      webhookEgress: 'public',
      resolve: async (hostname) => {
        const found = dns.get(hostname);
        if (!found)
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return found;
      },
    });
    receiverPort = Number(new URL(receiver.url).port);
  });
  afterAll(() => guarded.close());

  it.each([
    'http://127.1/hook',
    'http://0x7f000001/hook',
    'http://2130706433/hook',
    'http://0177.0.0.1/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::1]/hook',
    'http://localhost/hook',
    'http://10.0.0.8/hook',
    'http://192.168.0.8/hook',
    'http://[fd12::8]/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/hook',
    'http://224.0.0.1/hook',
    'http://[fe80::1]/hook',
    'http://user:pw@cms.example/hook',
  ])('refuses %s with a 400 naming webhook.url and the reason (--webhook-egress public)', async (url) => {
    const id = await newProject(guarded);
    const answer = await guarded.call('PUT', `/v1/projects/${id}`, {
      key: guarded.demo.api_key,
      body: { webhook: { url, secret: SECRET } },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.param).toBe('webhook.url');
    expect(answer.body.error.message).toMatch(
      /^`webhook\.url` (points to .+, (a|an) (loopback|private|link-local|unspecified|multicast)|holds credentials)/,
    );
    expect(answer.body.error.message).not.toContain(SECRET);
  });

  // Special-purpose ranges that are not globally reachable (issue 22, finding 6).
  it.each([
    ['http://[64:ff9b:1::7f00:1]/hook', '64:ff9b:1::/48'],
    ['http://[::ffff:0:127.0.0.1]/hook', '::ffff:0:0:0/96'],
    ['http://[2001::7f00:1]/hook', '2001::/32'],
    ['http://198.18.0.1/hook', '198.18.0.0/15'],
    ['http://192.0.0.1/hook', '192.0.0.0/29'],
    ['http://[100::1]/hook', '100::/64'],
    ['http://[2001:db8::1]/hook', '2001:db8::/32'],
  ])('refuses %s, in the special-purpose range %s, with a 400 naming webhook.url', async (url, prefix) => {
    const id = await newProject(guarded);
    const answer = await guarded.call('PUT', `/v1/projects/${id}`, {
      key: guarded.demo.api_key,
      body: { webhook: { url, secret: SECRET } },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.param).toBe('webhook.url');
    expect(answer.body.error.message).toContain(`in ${prefix} (`);
    expect(answer.body.error.message).toContain('not globally reachable');
  });

  it("refuses this server's own address, /__admin/reset included, whatever the egress mode", async () => {
    const port = new URL(server.url).port;
    for (const url of [
      `${server.url}/__admin/reset`,
      `http://127.1:${port}/__admin/reset`,
      `http://localhost:${port}/`,
      `http://[::127.0.0.1]:${port}/__admin/reset`,
      `http://[::ffff:0:7f00:1]:${port}/__admin/reset`,
    ]) {
      const id = await newProject();
      const answer = await server.call('PUT', `/v1/projects/${id}`, {
        key,
        body: { webhook: { url, secret: SECRET } },
      });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error.message).toMatch(/this server itself/);
    }
  });

  it('checks every address again when connecting: a name that turned private fails the attempt, with the reason in the feed', async () => {
    dns.set('cms.rebinding.test', ['8.8.8.8']);
    const id = await newProject(guarded);
    await setWebhook(id, `http://cms.rebinding.test:${receiverPort}/webhook`, guarded);
    // The DNS answer changes after the URL was checked.
    dns.set('cms.rebinding.test', ['8.8.8.8', '127.0.0.1']);
    const queued = await guarded.call('POST', `/v1/projects/${id}/webhook/test`, {
      key: guarded.demo.api_key,
    });
    expect(queued.status).toBe(202);
    const listed = await eventually(
      () => listDeliveries(id, guarded),
      (page) => page.data[0]?.status !== 'pending',
    );
    expect(listed.data[0]).toMatchObject({ status: 'failed', attempt_count: 1 });
    expect(listed.data[0]?.attempts[0]?.error).toMatch(
      /Not sent: the webhook URL http:\/\/cms\.rebinding\.test:\d+\/webhook points to cms\.rebinding\.test, which resolves to 127\.0\.0\.1, a loopback address/,
    );

    // A real event: the refused attempt is final, and the activity feed says why.
    const content = await guarded.call('POST', `/v1/projects/${id}/content`, {
      key: guarded.demo.api_key,
      body: { keyword: 'rebinding', length: 300, auto_publish: true },
    });
    await guarded.advance(60);
    const feed = await eventually(
      async () =>
        listOf(ActivityEntry).parse(
          (await guarded.call('GET', `/v1/projects/${id}/activity`, { key: guarded.demo.api_key })).body,
        ),
      (page) => page.data.some((entry) => entry.type === 'webhook.delivery_failed'),
    );
    const failed = feed.data.find((entry) => entry.type === 'webhook.delivery_failed');
    expect(failed).toMatchObject({ content_id: content.body.id, attempts: 1, last_status: null });
    expect(failed?.last_error).toMatch(
      /resolves to 127\.0\.0\.1, a loopback address; this server sends webhooks to public addresses only/,
    );
  });

  it('connects to the address it checked: a name resolved by the injected resolver reaches the receiver', async () => {
    const open = await startTestServer({
      webhookEgress: 'private',
      resolve: async () => ['127.0.0.1'],
    });
    try {
      const id = await newProject(open);
      await setWebhook(id, `http://cms.example.test:${receiverPort}/webhook`, open);
      await open.call('POST', `/v1/projects/${id}/webhook/test`, { key: open.demo.api_key });
      const listed = await eventually(
        () => listDeliveries(id, open),
        (page) => page.data[0]?.status !== 'pending',
      );
      expect(listed.data[0]).toMatchObject({ status: 'succeeded' });
    } finally {
      await open.close();
    }
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
    await setWebhook(id, `http://127.0.0.1:${port}/webhook`);
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
