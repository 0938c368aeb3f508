import { request as httpRequest } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressHandler, keepRawBody } from '../src/adapters/express';
import { createFetchHandler } from '../src/adapters/fetch';
import { createNodeHandler } from '../src/adapters/node-http';
import { createWebhookReceiver, type WebhookResult } from '../src/receiver';
import { createSignatureHeaders } from '../src/signature';
import { MemoryArticleStore } from '../src/stores/memory';
import { listen, type Running } from './helpers/http';
import { deliveries } from './helpers/vectors';

const { secret } = deliveries.receiver;
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
    ...(await createSignatureHeaders({ secret, id: 'dlv_adapter', body, now })),
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
    app.post('/webhook', createExpressHandler({ secret, now }));
    running = await listen(app);
    expect(await signedPost(`${running.url}/webhook`, pretty)).toEqual({
      status: 200,
      body: { success: true, url: '/en/resources/blog/pretty' },
    });
  });

  it('explains how to keep the raw bytes when a re-serialized body fails the signature', async () => {
    const app = express();
    app.use(express.json());
    app.post('/webhook', createExpressHandler({ secret, now }));
    running = await listen(app);
    const result = await signedPost(`${running.url}/webhook`, pretty);
    expect(result.status).toBe(401);
    expect(result.body.error).toContain('express.json({ verify: keepRawBody })');
  });

  it('accepts a re-serialized body when signatures are off', async () => {
    const app = express();
    app.use(express.json());
    app.post('/webhook', createExpressHandler({ secret, now, verifySignature: false }));
    running = await listen(app);
    expect((await signedPost(`${running.url}/webhook`, pretty)).status).toBe(200);
  });

  it('reads bodies kept by express.raw() and express.text()', async () => {
    for (const parser of [express.raw({ type: '*/*' }), express.text({ type: '*/*' })]) {
      const app = express();
      app.use(parser);
      app.post('/webhook', createExpressHandler({ secret, now }));
      running = await listen(app);
      expect((await signedPost(`${running.url}/webhook`, pretty)).status).toBe(200);
      await running.close();
      running = undefined;
    }
  });

  it('passes other errors on to the next error handler', async () => {
    const app = express();
    const webhook = createExpressHandler({ secret, now });
    app.use(express.json({ limit: 10 }));
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
      status: 413,
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
    expect(results.map((result) => [result.event, result.status])).toEqual([['content.published', 200]]);
  });

  it('enforces the limit on chunked bodies without a content-length', async () => {
    running = await listen(createNodeHandler({ secret, now }, { maxBodyBytes: 64 }));
    const url = new URL(running.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path: '/' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let index = 0; index < 10; index++) req.write('x'.repeat(20));
      req.end();
    });
    expect(status).toBe(413);
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
});
