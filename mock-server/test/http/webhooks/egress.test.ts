import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ActivityEntry, listOf } from '@rankquill/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import { startTestServer, type TestServer } from '../../support/test-server';
import {
  key,
  listDeliveries,
  newProject,
  receiver,
  SECRET,
  server,
  setWebhook,
  useWebhookServer,
} from './webhook-server';

useWebhookServer();

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
      const id = await newProject(server);
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
    const id = await newProject(server);
    await setWebhook(id, `http://127.0.0.1:${port}/webhook`, server);
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
