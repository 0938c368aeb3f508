import { WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressHandler, keepRawBody } from '../src/adapters/express';
import { createFetchHandler } from '../src/adapters/fetch';
import { createNodeHandler } from '../src/adapters/node-http';
import { createWebhookReceiver, type WebhookResult } from '../src/receiver';
import { createSignatureHeaders } from '../src/signature';
import { MemoryArticleStore } from '../src/stores/memory';
import { fetchBridge, listen, postChunked, type Running } from './helpers/http';
import { deliveries } from './helpers/vectors';

const { secret } = deliveries.receiver;
const signingSecret = deliveries.receiver.signing_secret as string;
const now = () => 1_767_259_800_000;
const article = { title: 'Pretty', slug: 'pretty', content: '<p>Spaced out</p>' };

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function signedPost(url: string, body: string, extra: Record<string, string> = {}) {
  const headers = {
    'content-type': 'application/json',
    'x-service-key': secret,
    'x-service-event': 'content.published',
    ...(await createSignatureHeaders({ signingSecret, id: 'dlv_adapter', body, now })),
    ...extra,
  };
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('express adapter and already-parsed bodies', () => {
  // Pretty-printed JSON: re-serializing the parsed body cannot reproduce these bytes.
  const pretty = `${JSON.stringify(article, null, 2)}\n`;

  it('verifies a body express.json() parsed when keepRawBody kept the bytes', async () => {
    const app = express();
    app.use(express.json({ verify: keepRawBody }));
    app.post('/webhook', createExpressHandler({ secret, signingSecret, now }));
    running = await listen(app);
    expect(await signedPost(`${running.url}/webhook`, pretty)).toEqual({
      status: 200,
      body: { success: true, url: '/en/resources/blog/pretty' },
    });
  });

  it('explains how to keep the raw bytes when a re-serialized body fails the signature', async () => {
    const app = express();
    app.use(express.json());
    app.post('/webhook', createExpressHandler({ secret, signingSecret, now }));
    running = await listen(app);
    const result = await signedPost(`${running.url}/webhook`, pretty);
    expect(result.status).toBe(401);
    expect(result.body.error).toContain('express.json({ verify: keepRawBody })');
  });

  it('accepts a re-serialized body without a signing secret', async () => {
    const app = express();
    app.use(express.json());
    app.post('/webhook', createExpressHandler({ secret, now }));
    running = await listen(app);
    expect((await signedPost(`${running.url}/webhook`, pretty)).status).toBe(200);
  });

  it('reads bodies kept by express.raw() and express.text()', async () => {
    for (const parser of [express.raw({ type: '*/*' }), express.text({ type: '*/*' })]) {
      const app = express();
      app.use(parser);
      app.post('/webhook', createExpressHandler({ secret, signingSecret, now }));
      running = await listen(app);
      expect((await signedPost(`${running.url}/webhook`, pretty)).status).toBe(200);
      await running.close();
      running = undefined;
    }
  });

  it('answers 413 as JSON when express.json() refuses a body over its own limit', async () => {
    const app = express();
    const webhook = createExpressHandler({ secret, now });
    app.use(express.json({ limit: 10 }));
    app.post('/webhook', webhook);
    app.use('/webhook', webhook.errorHandler);
    running = await listen(app);
    const answer = await signedPost(`${running.url}/webhook`, pretty);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toContain('exceeds the limit of express.json() (10 bytes)');
    expect(answer.body.error).toContain('WEBHOOK_MAX_BODY_BYTES');
  });

  it('passes other errors on to the next error handler', async () => {
    const app = express();
    const webhook = createExpressHandler({ secret, now });
    app.use((_req: express.Request, _res: express.Response, next: express.NextFunction) =>
      next(Object.assign(new Error('teapot'), { status: 418 })),
    );
    app.post('/webhook', webhook);
    app.use('/webhook', webhook.errorHandler);
    app.use(
      (
        error: { status?: number },
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        res.status(error.status ?? 500).json({ error: 'from the app' });
      },
    );
    running = await listen(app);
    expect(await signedPost(`${running.url}/webhook`, pretty)).toEqual({
      status: 418,
      body: { error: 'from the app' },
    });
  });

  it('works as Connect-style middleware under app.use, answering 405 to other methods', async () => {
    const app = express();
    app.use('/hooks/rankquill', createExpressHandler({ secret, now }));
    running = await listen(app);
    const response = await fetch(`${running.url}/hooks/rankquill`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect((await signedPost(`${running.url}/hooks/rankquill`, pretty)).status).toBe(200);
  });

  it('shares one receiver and store across adapters', async () => {
    const store = new MemoryArticleStore();
    const receiver = createWebhookReceiver({ secret, now, store });
    const webhook = createExpressHandler(receiver);
    expect(webhook.receiver).toBe(receiver);
    expect(createNodeHandler(receiver).receiver).toBe(receiver);
    expect(createFetchHandler(receiver).receiver.store).toBe(store);
  });
});

describe('node:http adapter', () => {
  it('answers 405 to GET and 413 to a body over the limit, then keeps serving', async () => {
    const results: WebhookResult[] = [];
    running = await listen(
      createNodeHandler({ secret, now }, { maxBodyBytes: 64, onResult: (result) => results.push(result) }),
    );
    const get = await fetch(running.url);
    expect(get.status).toBe(405);
    const big = JSON.stringify({ ...article, content: 'x'.repeat(200) });
    const tooLarge = await signedPost(running.url, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toContain('64 bytes');
    expect((await signedPost(running.url, JSON.stringify(article))).status).toBe(200);
    expect(results.map((result) => [result.event, result.status])).toEqual([
      [undefined, 405],
      [undefined, 413],
      ['content.published', 200],
    ]);
  });

  it('enforces the limit on chunked bodies without a content-length', async () => {
    running = await listen(createNodeHandler({ secret, now }, { maxBodyBytes: 64 }));
    const answer = await postChunked(
      running.url,
      { 'x-service-key': secret },
      Array(10).fill('x'.repeat(20)),
    );
    expect(answer.status).toBe(413);
  });

  it('checks x-service-key before it reads the body', async () => {
    running = await listen(createNodeHandler({ secret, now }));
    const open = { end: false };
    expect(await postChunked(running.url, { 'x-service-key': 'a guess' }, ['{"title":'], open)).toEqual({
      status: 401,
      body: {
        error: 'Invalid x-service-key: it does not match the secret this receiver was configured with.',
      },
    });
    expect((await postChunked(running.url, {}, ['{"title":'], open)).status).toBe(401);
  });
});

describe('fetch adapter', () => {
  it('answers 405 to GET with an Allow header', async () => {
    const response = await createFetchHandler({ secret })(new Request('https://cms.example/api/rankquill'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({
      error: 'Method GET not allowed: webhook deliveries are POST requests.',
    });
  });

  it('reports each answer to onResult', async () => {
    const seen: number[] = [];
    const handler = createFetchHandler({ secret, now }, { onResult: (result) => seen.push(result.status) });
    await handler(new Request('https://cms.example/hook', { method: 'POST', body: '{}' }));
    expect(seen).toEqual([401]);
  });

  it('checks x-service-key before it reads the body, over HTTP', async () => {
    running = await listen(fetchBridge(createFetchHandler({ secret, now })));
    const open = { end: false };
    const wrong = await postChunked(running.url, { 'x-service-key': 'a guess' }, ['{"title":'], open);
    expect(wrong).toEqual({
      status: 401,
      body: {
        error: 'Invalid x-service-key: it does not match the secret this receiver was configured with.',
      },
    });
    expect((await postChunked(running.url, {}, ['{"title":'], open)).status).toBe(401);
  });

  it('does not pull a single chunk of the body of a request with a wrong key', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          controller.enqueue(new TextEncoder().encode('{}'));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = await createFetchHandler({ secret, now })(
      new Request('https://cms.example/hook', {
        method: 'POST',
        headers: { 'x-service-key': 'a guess' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(401);
    expect(pulls).toBe(0);
  });

  it('reads up to WEBHOOK_MAX_BODY_BYTES (4 MiB) by default: one byte more is a 413, before reading when content-length says so', async () => {
    running = await listen(fetchBridge(createFetchHandler({ secret, now })));
    const envelope = JSON.stringify({ ...article, content: '' });
    const exactly = JSON.stringify({
      ...article,
      content: 'x'.repeat(WEBHOOK_MAX_BODY_BYTES - envelope.length),
    });
    expect(exactly.length).toBe(4 * 1024 * 1024);
    expect((await signedPost(running.url, exactly)).status).toBe(200);
    const over = await signedPost(running.url, `${exactly} `);
    expect(over).toEqual({
      status: 413,
      body: {
        error:
          'Request body of 4194305 bytes exceeds the limit of 4194304 bytes: raise maxBodyBytes if your articles are larger (the largest delivery the service sends is about 3.1 MB).',
      },
    });
  });

  it('stops reading a chunked body past maxBodyBytes, and takes a larger limit when configured', async () => {
    running = await listen(fetchBridge(createFetchHandler({ secret, now }, { maxBodyBytes: 64 })));
    const answer = await postChunked(
      running.url,
      { 'x-service-key': secret },
      Array(10).fill('x'.repeat(20)),
      {
        end: false,
      },
    );
    expect(answer.status).toBe(413);
    await running.close();
    running = await listen(
      fetchBridge(createFetchHandler({ secret, now }, { maxBodyBytes: 4 * 1024 * 1024 })),
    );
    const large = JSON.stringify({ ...article, content: 'x'.repeat(2 * 1024 * 1024) });
    expect((await signedPost(running.url, large)).status).toBe(200);
  });
});
