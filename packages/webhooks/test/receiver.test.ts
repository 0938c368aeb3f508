import type { KeywordRankingChangedEvent } from '@rankquill/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createWebhookReceiver, type WebhookContext } from '../src/receiver';
import { createSignatureHeaders } from '../src/signature';
import type { ArticleStore } from '../src/stores/article-store';
import { MemoryArticleStore } from '../src/stores/memory';
import { type DeliveryCase, deliveries } from './helpers/vectors';

const byId = (id: string): DeliveryCase => {
  const found = deliveries.cases.find((delivery) => delivery.id === id);
  if (!found) throw new Error(`no vector ${id}`);
  return found;
};
const { secret } = deliveries.receiver;
const signingSecret = deliveries.receiver.signing_secret as string;
const now = () => byId('published-full').now * 1000;
const request = (id: string) => ({ headers: byId(id).request.headers, rawBody: byId(id).request.body });

describe('createWebhookReceiver', () => {
  it('refuses to start without a secret and says where to find it', () => {
    expect(() => createWebhookReceiver({ secret: '' })).toThrow(/secret.*webhook settings/);
    expect(() => createWebhookReceiver({} as { secret: string })).toThrow(/`secret` is required/);
  });

  it('calls typed handlers for every event, with the delivery context', async () => {
    const seen: Array<[string, unknown, WebhookContext]> = [];
    const receiver = createWebhookReceiver({
      secret,
      now,
      on: {
        'keyword.ranking_changed': (event, context) => {
          expectTypeOf(event).toEqualTypeOf<KeywordRankingChangedEvent>();
          seen.push(['keyword.ranking_changed', event.position, context]);
        },
      },
    });
    receiver.on('content.published', (article, context) => {
      seen.push(['content.published', article.author, context]);
    });
    receiver.on('content.generated', (event) => {
      seen.push(['content.generated', event.status, { event: 'content.generated' } as WebhookContext]);
    });
    receiver.on('content.deleted', (event, context) => {
      seen.push(['content.deleted', event.slug, context]);
    });
    receiver.on('content.unpublished', (event) => {
      seen.push([
        'content.unpublished',
        event.occurred_at,
        { event: 'content.unpublished' } as WebhookContext,
      ]);
    });
    receiver.on('content.updated', (article) => {
      seen.push(['content.updated', article.title, { event: 'content.updated' } as WebhookContext]);
    });
    receiver.on('ai_visibility.mention_detected', (event) => {
      seen.push([
        'ai_visibility.mention_detected',
        event.cited_urls,
        { event: 'ai_visibility.mention_detected' } as WebhookContext,
      ]);
    });
    for (const id of [
      'keyword-ranking-changed',
      'published-defaults-minimal',
      'generated',
      'deleted-removes',
      'unpublished-removes',
      'updated-upserts-by-slug',
      'ai-visibility-mention-detected',
    ]) {
      expect((await receiver.handle(request(id))).status).toBe(200);
    }
    const ranking = byId('keyword-ranking-changed').request.headers;
    expect(seen).toEqual([
      [
        'keyword.ranking_changed',
        7,
        {
          event: 'keyword.ranking_changed',
          deliveryId: ranking['x-service-delivery'],
          webhookId: ranking['webhook-id'],
          url: '',
        },
      ],
      // Handlers of article events get the article with defaults applied.
      [
        'content.published',
        'Rankquill',
        expect.objectContaining({ url: '/en/resources/blog/cold-brew-in-5-steps' }),
      ],
      ['content.generated', 'draft', expect.anything()],
      [
        'content.deleted',
        'how-to-brew-pour-over-coffee',
        expect.objectContaining({ url: '/en/resources/blog/how-to-brew-pour-over-coffee' }),
      ],
      ['content.unpublished', '2026-01-01T09:29:58.000Z', expect.anything()],
      ['content.updated', 'How to Brew Pour-Over Coffee (Updated for 2026)', expect.anything()],
      [
        'ai_visibility.mention_detected',
        ['https://www.beanandbrew.example/guides/pour-over'],
        expect.anything(),
      ],
    ]);
  });

  it('does not call handlers for rejected deliveries', async () => {
    let calls = 0;
    const receiver = createWebhookReceiver({
      secret,
      signingSecret,
      now,
      on: { 'content.published': () => void calls++, 'content.deleted': () => void calls++ },
    });
    for (const id of [
      'wrong-secret',
      'bad-signature',
      'signed-with-service-key',
      'unsigned-with-signing-secret',
      'missing-title',
      'malformed-json',
      'replayed-timestamp',
    ]) {
      expect((await receiver.handle(request(id))).status).toBeGreaterThanOrEqual(400);
    }
    expect(calls).toBe(0);
  });

  it('runs several handlers in order, and on() returns a remover', async () => {
    const order: string[] = [];
    // No store, so the same delivery twice is not a replay.
    const receiver = createWebhookReceiver({
      secret,
      now,
      store: false,
      on: { 'content.published': () => void order.push('options') },
    });
    const off = receiver.on('content.published', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('async');
    });
    receiver.on('content.published', () => void order.push('last'));
    await receiver.handle(request('published-full'));
    off();
    await receiver.handle(request('published-full'));
    expect(order).toEqual(['options', 'async', 'last', 'options', 'last']);
  });

  it('runs no handler for a replayed delivery, which changes nothing', async () => {
    const seen: string[] = [];
    const receiver = createWebhookReceiver({
      secret,
      now,
      on: { 'content.published': (article) => void seen.push(article.slug) },
    });
    const first = await receiver.handle(request('published-full'));
    const replay = await receiver.handle(request('published-full'));
    expect(replay).toEqual(first);
    expect(seen).toHaveLength(1);
  });

  it('rejects handlers for events that do not exist', () => {
    const receiver = createWebhookReceiver({ secret });
    expect(() => receiver.on('content.archived' as 'content.published', () => {})).toThrow(
      /Unknown webhook event/,
    );
  });

  it('answers 500 naming the event when a handler throws, so the service retries', async () => {
    const receiver = createWebhookReceiver({
      secret,
      now,
      on: {
        'keyword.ranking_changed': () => {
          throw new Error('dashboard is down');
        },
      },
    });
    const result = await receiver.handle(request('keyword-ranking-changed'));
    expect(result).toEqual({
      status: 500,
      event: 'keyword.ranking_changed',
      body: {
        error:
          'The keyword.ranking_changed handler failed: dashboard is down. The service will retry the delivery.',
      },
    });
  });

  it('answers 500 when the store fails to save or remove', async () => {
    const failing: ArticleStore = {
      upsert: async () => {
        throw new Error('disk full');
      },
      remove: async () => {
        throw new Error('database locked');
      },
      get: async () => undefined,
      list: async () => [],
    };
    const receiver = createWebhookReceiver({ secret, now, store: failing });
    expect(await receiver.handle(request('published-full'))).toMatchObject({
      status: 500,
      body: {
        error:
          'Could not store the article "how-to-brew-pour-over-coffee": disk full. The service will retry the delivery.',
      },
    });
    expect(await receiver.handle(request('deleted-removes'))).toMatchObject({
      status: 500,
      body: { error: expect.stringContaining('database locked') },
    });
  });

  it('answers 500 rather than rejecting when a store throws synchronously', async () => {
    const store = {
      get: async () => undefined,
      upsert: () => {
        throw new Error('sync failure');
      },
    } as unknown as ArticleStore;
    const result = await createWebhookReceiver({ secret, now, store }).handle(request('published-full'));
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ error: expect.stringContaining('sync failure') });
  });

  it('stores nothing with store: false, leaving the work to handlers', async () => {
    const articles: string[] = [];
    const receiver = createWebhookReceiver({
      secret,
      now,
      store: false,
      on: { 'content.published': (article) => void articles.push(article.slug) },
    });
    expect(receiver.store).toBeUndefined();
    expect((await receiver.handle(request('published-full'))).body).toEqual({
      success: true,
      url: '/en/resources/blog/how-to-brew-pour-over-coffee',
    });
    expect(articles).toEqual(['how-to-brew-pour-over-coffee']);
  });

  it('keeps articles on unpublish when removeOn leaves the event out', async () => {
    const store = new MemoryArticleStore();
    const receiver = createWebhookReceiver({ secret, now, store, removeOn: ['content.deleted'] });
    await receiver.handle(request('published-full'));
    expect((await receiver.handle(request('unpublished-removes'))).status).toBe(200);
    expect(await store.get('how-to-brew-pour-over-coffee')).toBeDefined();
    await receiver.handle(request('deleted-removes'));
    expect(await store.get('how-to-brew-pour-over-coffee')).toBeUndefined();
  });

  it('uses authorDefault and records received_at from the clock', async () => {
    const store = new MemoryArticleStore();
    const receiver = createWebhookReceiver({ secret, now, store, authorDefault: 'Editorial team' });
    await receiver.handle(request('published-defaults-minimal'));
    expect(await store.get('cold-brew-in-5-steps')).toMatchObject({
      author: 'Editorial team',
      received_at: '2026-01-01T09:30:00.000Z',
    });
  });

  it('answers 400 for a body that is not UTF-8', async () => {
    const rawBody = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const headers = {
      'x-service-key': secret,
      ...(await createSignatureHeaders({ signingSecret, id: 'dlv_bytes', body: rawBody, now })),
    };
    const result = await createWebhookReceiver({ secret, now }).handle({ headers, rawBody });
    expect(result).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('not valid UTF-8') },
    });
  });

  it('names every invalid field of a non-article event', async () => {
    const body = JSON.stringify({
      event: 'keyword.ranking_changed',
      project_id: 'proj_1',
      keyword_id: 'kw_1',
      keyword: 'coffee',
      previous_position: '12',
      position: null,
      change: null,
      checked_at: 'yesterday',
    });
    const headers = {
      'x-service-key': secret,
      'x-service-event': 'keyword.ranking_changed',
      ...(await createSignatureHeaders({ signingSecret, id: 'dlv_invalid', body, now })),
    };
    const result = await createWebhookReceiver({ secret, now }).handle({ headers, rawBody: body });
    expect(result.status).toBe(400);
    const { error } = result.body as { error: string };
    expect(error).toContain('Invalid field previous_position');
    expect(error).toContain('Invalid field checked_at');
    expect(error).not.toContain('Missing');
  });

  it('takes the event name from the body when the header is absent', async () => {
    const delivery = byId('deleted-removes');
    const { 'x-service-event': _, ...headers } = delivery.request.headers;
    const store = new MemoryArticleStore();
    const [before] = delivery.store_before ?? [];
    if (!before) throw new Error('deleted-removes has no store_before');
    await store.upsert({ ...before, received_at: '2026-01-01T09:00:00.000Z' });
    const result = await createWebhookReceiver({ secret, now, store }).handle({
      headers,
      rawBody: delivery.request.body,
    });
    expect(result).toMatchObject({ status: 200, event: 'content.deleted' });
    expect(await store.list()).toEqual([]);
  });

  it('without a signing secret accepts x-service-key alone; with one, requires a signature by it', async () => {
    const body = JSON.stringify({ title: 'T', slug: 't', content: '<p>x</p>' });
    const specOnly = { headers: { 'x-service-key': secret }, rawBody: body };
    expect((await createWebhookReceiver({ secret, now }).handle(specOnly)).status).toBe(200);
    const strict = createWebhookReceiver({ secret, signingSecret, now });
    expect((await strict.handle(specOnly)).status).toBe(401);
    const signed = await createSignatureHeaders({ signingSecret, id: 'dlv_strict', body, now });
    expect((await strict.handle({ headers: { ...specOnly.headers, ...signed }, rawBody: body })).status).toBe(
      200,
    );
  });

  it('refuses a malformed signing secret at construction, saying why without repeating it', () => {
    for (const [signingSecret, why] of [
      ['my-webhook-secret', 'does not start with "whsec_"'],
      ['whsec_%%%%', 'not standard base64'],
      ['whsec_AAAA', 'decodes to 3 bytes'],
      ['', 'does not start with "whsec_"'],
    ] as const) {
      let message = '';
      try {
        createWebhookReceiver({ secret, signingSecret });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('`signingSecret` is malformed');
      expect(message).toContain(why);
      if (signingSecret !== '') expect(message).not.toContain(signingSecret);
    }
  });

  it('says what replaced verifySignature when old code still passes it', () => {
    expect(() => createWebhookReceiver({ secret, verifySignature: false } as never)).toThrow(
      /`verifySignature` is gone.*signingSecret/,
    );
  });

  it('hands handlers the sanitized article it stores', async () => {
    const store = new MemoryArticleStore();
    const seen: string[] = [];
    const receiver = createWebhookReceiver({
      secret,
      now,
      store,
      on: { 'content.published': (article) => void seen.push(article.content) },
    });
    const body = JSON.stringify({
      title: 'T',
      slug: 'hostile',
      content: '<p onmouseover="x()">Hi</p><meta http-equiv="refresh" content="0;url=https://evil.example/">',
    });
    expect((await receiver.handle({ headers: { 'x-service-key': secret }, rawBody: body })).status).toBe(200);
    expect(seen).toEqual(['<p>Hi</p>']);
    expect((await store.get('hostile'))?.content).toBe('<p>Hi</p>');
  });

  it('encodes unusual slugs and languages in the URL', async () => {
    const body = JSON.stringify({ title: 'T', slug: 'a b/c?d', content: '<p>x</p>', language: 'pt-BR' });
    const receiver = createWebhookReceiver({ secret });
    const result = await receiver.handle({ headers: { 'x-service-key': secret }, rawBody: body });
    expect(result.body).toEqual({ success: true, url: '/pt-BR/resources/blog/a%20b%2Fc%3Fd' });
  });
});
