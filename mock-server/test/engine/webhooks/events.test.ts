import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ArticlePayload, EVENT_TYPES, type WebhookEventName } from '@rankquill/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { generationSeconds } from '../../../src/engine/content/content';
import { Engine } from '../../../src/engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import type { AccountRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import type { WebhookHttpRequest } from '../../../src/engine/webhooks/request';
import {
  FetchWebhookSender,
  type WebhookAnswer,
  type WebhookSender,
} from '../../../src/engine/webhooks/sender';
import { createMemoryStore } from '../../../src/store/memory';

/** Stands in for the customer's receiver: records each request and answers from a script. */
class RecordingSender implements WebhookSender {
  readonly sent: Array<WebhookHttpRequest & { at: number }> = [];
  answer: (request: WebhookHttpRequest) => WebhookAnswer = (request) => ({
    status: 200,
    body: JSON.stringify({ success: true, url: `/en/resources/blog/${JSON.parse(request.body).slug}` }),
    error: null,
  });

  constructor(private readonly clock: ManualClock) {}

  async send(request: WebhookHttpRequest): Promise<WebhookAnswer> {
    this.sent.push({ ...request, at: this.clock.now() });
    return this.answer(request);
  }

  events(): string[] {
    return this.sent.map((request) => request.headers['x-service-event'] as string);
  }
}

let engine: Engine;
let sender: RecordingSender;
let clock: ManualClock;
let account: AccountRecord;
let projectId: string;

beforeEach(async () => {
  clock = new ManualClock(MANUAL_CLOCK_START);
  sender = new RecordingSender(clock);
  engine = await Engine.open({
    store: createMemoryStore(engineSchema),
    seed: 1,
    clock,
    demo: false,
    webhookSender: sender,
  });
  const created = await engine.accounts.create({ plan: 'agencies' });
  account = await engine.accounts.authenticate(created.api_key);
  const project = await engine.projects.create(account, {
    name: 'Hooks',
    domain: 'hooks.example',
    language: 'fr',
  });
  projectId = project.id;
  await engine.projects.update(account, projectId, {
    webhook: { url: 'https://receiver.example/webhook', secret: 'rq_whsec_engine' },
  });
});

async function generated(autoPublish = false) {
  const created = await engine.content.create(account, projectId, {
    keyword: 'webhook events',
    length: 300,
    auto_publish: autoPublish,
  });
  await engine.advance(generationSeconds(300));
  return engine.content.retrieve(account, projectId, created.id);
}

function bodyOf(index: number): unknown {
  return JSON.parse(sender.sent[index]?.body ?? 'null');
}

function expectValid(event: WebhookEventName, body: unknown) {
  expect(EVENT_TYPES[event].safeParse(body).success, `${event} body ${JSON.stringify(body)}`).toBe(true);
}

describe('events of content state changes', () => {
  it('fires content.generated for a draft and nothing for editing or deleting the draft', async () => {
    const item = await generated();
    expect(item.status).toBe('draft');
    expect(sender.events()).toEqual(['content.generated']);
    expectValid('content.generated', bodyOf(0));
    expect(bodyOf(0)).toMatchObject({ content_id: item.id, status: 'draft', slug: item.slug });

    await engine.content.update(account, projectId, item.id, { title: 'A draft title' });
    await engine.content.delete(account, projectId, item.id);
    await engine.advance(3600);
    expect(sender.events()).toEqual(['content.generated']);
  });

  it('fires content.published with exactly the article payload of spec 2.5 on publish', async () => {
    const item = await generated();
    await engine.content.publish(account, projectId, item.id);
    await engine.advance(0);
    expect(sender.events()).toEqual(['content.generated', 'content.published']);
    const body = bodyOf(1) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'title',
      'slug',
      'content',
      'excerpt',
      'meta_title',
      'meta_description',
      'keywords',
      'canonical_url',
      'featured_image',
      'author',
      'language',
    ]);
    expect(ArticlePayload.strict().parse(body)).toMatchObject({
      title: item.title,
      slug: item.slug,
      content: item.content,
      canonical_url: '',
      language: 'fr',
    });
    const stored = await engine.content.retrieve(account, projectId, item.id);
    expect(stored.published_url).toBe(`/en/resources/blog/${item.slug}`);
  });

  it('fires content.generated then content.published when auto_publish completes', async () => {
    const item = await generated(true);
    expect(item.status).toBe('published');
    expect(sender.events()).toEqual(['content.generated', 'content.published']);
    expect(bodyOf(0)).toMatchObject({ status: 'published' });
    expectValid('content.published', bodyOf(1));
  });

  it('fires content.updated for a real edit of a published article, content.unpublished and content.deleted', async () => {
    const item = await generated(true);
    await engine.content.update(account, projectId, item.id, {});
    await engine.content.update(account, projectId, item.id, { title: 'Edited title' });
    await engine.advance(0);
    expect(sender.events()).toEqual(['content.generated', 'content.published', 'content.updated']);
    expect(bodyOf(2)).toMatchObject({ title: 'Edited title', slug: item.slug });

    const unpublished = await engine.content.unpublish(account, projectId, item.id);
    expect(unpublished.published_url).toBeNull();
    await engine.content.update(account, projectId, item.id, { title: 'Edited as a draft' });
    await engine.advance(0);
    expect(sender.events().slice(3)).toEqual(['content.unpublished']);
    expectValid('content.unpublished', bodyOf(3));
    expect(bodyOf(3)).toMatchObject({ content_id: item.id, slug: item.slug, language: 'fr' });

    await engine.content.publish(account, projectId, item.id);
    await engine.content.delete(account, projectId, item.id);
    await engine.advance(0);
    expect(sender.events().slice(4)).toEqual(['content.published', 'content.deleted']);
    expectValid('content.deleted', bodyOf(5));
  });

  it('delivers nothing when the project has no webhook, but still records the activity', async () => {
    await engine.projects.update(account, projectId, { webhook: null });
    const item = await generated(true);
    await engine.content.unpublish(account, projectId, item.id);
    await engine.advance(3600);
    expect(sender.sent).toEqual([]);
    const feed = await engine.activity.list(account, projectId, {});
    expect(feed.data.map((entry) => [entry.type, entry.delivery_id])).toEqual([
      ['content.unpublished', null],
      ['content.published', null],
      ['content.generated', null],
    ]);
  });

  it('keeps one delivery id and body across retries, at +0, +1, +6 and +36 minutes, then fails', async () => {
    sender.answer = () => ({ status: 500, body: '{"error":"storage down"}', error: null });
    await engine.projects.update(account, projectId, { webhook: null });
    const item = await generated();
    await engine.projects.update(account, projectId, {
      webhook: { url: 'https://receiver.example/webhook', secret: 'rq_whsec_engine' },
    });
    sender.sent.length = 0;
    await engine.content.publish(account, projectId, item.id);
    const publishedAt = clock.now();
    await engine.advance(24 * 3600);
    expect(sender.sent.map((request) => (request.at - publishedAt) / 60_000)).toEqual([0, 1, 6, 36]);
    expect(new Set(sender.sent.map((request) => request.headers['x-service-delivery'])).size).toBe(1);
    expect(new Set(sender.sent.map((request) => request.body)).size).toBe(1);
    expect(sender.sent.map((request) => Number(request.headers['webhook-timestamp']))).toEqual(
      sender.sent.map((request) => Math.floor(request.at / 1000)),
    );
    const [latest] = (await engine.activity.list(account, projectId, {})).data;
    expect(latest).toMatchObject({
      type: 'webhook.delivery_failed',
      event: 'content.published',
      delivery_id: sender.sent[0]?.headers['x-service-delivery'],
      attempts: 4,
      last_status: 500,
    });
    expect(latest?.last_error).toContain('storage down');
    expect((await engine.content.retrieve(account, projectId, item.id)).published_url).toBeNull();
  });

  it.each(['unpublish', 'delete'] as const)(
    'stops retrying content.published once the article is taken offline (%s)',
    async (action) => {
      sender.answer = (request) =>
        request.headers['x-service-event'] === 'content.published'
          ? { status: 500, body: '{"error":"down"}', error: null }
          : { status: 200, body: '{"success":true,"url":""}', error: null };
      const item = await generated();
      sender.sent.length = 0;
      await engine.content.publish(account, projectId, item.id);
      await engine.advance(90); // the first attempt and the first retry fail
      if (action === 'unpublish') await engine.content.unpublish(account, projectId, item.id);
      else await engine.content.delete(account, projectId, item.id);
      await engine.advance(24 * 3600);
      const offline = action === 'unpublish' ? 'content.unpublished' : 'content.deleted';
      expect(sender.events()).toEqual(['content.published', 'content.published', offline]);
    },
  );

  it('drops the remaining attempts of a delivery whose project lost its webhook', async () => {
    sender.answer = (request) =>
      request.headers['x-service-event'] === 'content.published'
        ? { status: 503, body: '', error: null }
        : { status: 200, body: '{}', error: null };
    const item = await generated();
    sender.sent.length = 0;
    await engine.content.publish(account, projectId, item.id);
    await engine.advance(0);
    await engine.projects.update(account, projectId, { webhook: null });
    await engine.advance(3600);
    expect(sender.sent).toHaveLength(1);
    const [latest] = (await engine.activity.list(account, projectId, {})).data;
    expect(latest).toMatchObject({ type: 'webhook.delivery_failed', attempts: 2 });
    expect(latest?.last_error).toMatch(/no webhook/);
  });
});

describe('FetchWebhookSender', () => {
  const sockets = new Set<import('node:net').Socket>();
  const hanging: Server = createServer(() => undefined);
  hanging.on('connection', (socket) => sockets.add(socket));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('counts a timeout and a refused connection as failures, never throws', async () => {
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    const sender = new FetchWebhookSender({ timeoutMs: 200 });
    const request = { url: `http://127.0.0.1:${port}/webhook`, headers: {}, body: '{}' };
    const started = performance.now();
    const timedOut = await sender.send(request);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(timedOut).toMatchObject({ status: null });
    expect(timedOut.error).toMatch(/timeout/);

    const refused = await sender.send({ ...request, url: 'http://127.0.0.1:1/webhook' });
    expect(refused.status).toBeNull();
    expect(refused.error).toMatch(/Network error/);
  });
});
