import { WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExpressHandler } from '../src/adapters/express';
import { createFetchHandler } from '../src/adapters/fetch';
import { createNodeHandler } from '../src/adapters/node-http';
import { getHeader } from '../src/headers';
import { createWebhookReceiver, type WebhookReceiverOptions } from '../src/receiver';
import { fetchBridge, listen, type Running } from './helpers/http';
import { receiverLimits } from './helpers/vectors';

// One contract at every entry point: the same answers to the same requests.
const secret = 'entry-point-secret';
const LIMIT = 2048;
const options = (): WebhookReceiverOptions => ({ secret, maxBodyBytes: LIMIT });
const article = { title: 'Entry', slug: 'entry', content: '<p>x</p>' };

interface Sent {
  method: string;
  headers: Record<string, string>;
  body?: string;
}
interface Answer {
  status: number;
  body: Record<string, unknown>;
  allow: string | null;
}

interface EntryPoint {
  name: string;
  start(): Promise<(request: Sent) => Promise<Answer>>;
}

async function overHttp(server: Running, request: Sent): Promise<Answer> {
  const response = await fetch(server.url, request);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    allow: response.headers.get('allow'),
  };
}

const servers: Running[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function served(handler: Parameters<typeof listen>[0]) {
  const server = await listen(handler);
  servers.push(server);
  return (request: Sent) => overHttp(server, request);
}

const entryPoints: EntryPoint[] = [
  {
    name: 'receiver.handle (the generic handler)',
    async start() {
      const receiver = createWebhookReceiver(options());
      return async (request) => {
        const result = await receiver.handle({
          method: request.method,
          headers: request.headers,
          rawBody: request.body ?? '',
        });
        return { status: result.status, body: result.body, allow: result.headers?.allow ?? null };
      };
    },
  },
  {
    name: 'Express 5, app.all',
    async start() {
      const app = express();
      app.all('/', createExpressHandler(options()));
      return served(app);
    },
  },
  { name: 'node:http', start: () => served(createNodeHandler(options())) },
  {
    name: 'Fetch handler, called',
    async start() {
      const handler = createFetchHandler(options());
      return async (request) => {
        const response = await handler(new Request('https://site.example/webhook', request));
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
          allow: response.headers.get('allow'),
        };
      };
    },
  },
  { name: 'Fetch handler over node:http', start: () => served(fetchBridge(createFetchHandler(options()))) },
];

describe.each(entryPoints)('$name', (entryPoint) => {
  let send: (request: Sent) => Promise<Answer>;
  beforeAll(async () => {
    send = await entryPoint.start();
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    send({ method: 'POST', headers: { 'x-service-key': secret, ...headers }, body });

  it('answers 200 {success, url} to a delivery, the key in any case', async () => {
    expect(await post(JSON.stringify(article), {})).toMatchObject({
      status: 200,
      body: { success: true, url: '/en/resources/blog/entry' },
    });
    const mixedCase = await send({
      method: 'POST',
      headers: { 'X-Service-Key': secret, 'X-SERVICE-EVENT': 'content.published' },
      body: JSON.stringify(article),
    });
    expect(mixedCase.status).toBe(200);
  });

  it('answers 405 with Allow: POST to other methods', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await send({ method, headers: { 'x-service-key': secret } });
      expect(answer).toMatchObject({ status: 405, allow: 'POST' });
      expect(answer.body.error).toContain(`Method ${method} not allowed`);
    }
  });

  it('answers 401 to a wrong or missing key, 400 naming a missing field', async () => {
    expect((await post(JSON.stringify(article), { 'x-service-key': 'guess' })).status).toBe(401);
    expect((await send({ method: 'POST', headers: {}, body: '{}' })).status).toBe(401);
    const missing = await post(JSON.stringify({ title: 'No slug', content: '<p>x</p>' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('slug');
  });

  it('accepts a body of exactly maxBodyBytes and answers 413 to one byte more', async () => {
    const envelope = JSON.stringify({ ...article, content: '' });
    const exactly = JSON.stringify({ ...article, content: 'x'.repeat(LIMIT - envelope.length) });
    expect(Buffer.byteLength(exactly)).toBe(LIMIT);
    expect((await post(exactly)).status).toBe(200);
    const over = await post(`${exactly} `);
    expect(over.status).toBe(413);
    expect(over.body.error).toContain(`exceeds the limit of ${LIMIT} bytes`);
  });
});

describe('header bags', () => {
  const receiver = createWebhookReceiver({ secret });
  const body = JSON.stringify(article);
  const bags: Array<[string, Parameters<typeof receiver.handle>[0]['headers']]> = [
    ['plain lower case', { 'x-service-key': secret }],
    ['any case', { 'X-Service-KEY': secret }],
    [
      'CGI server names (Rack, PHP, WSGI style)',
      { HTTP_X_SERVICE_KEY: secret, CONTENT_TYPE: 'application/json' },
    ],
    ['array values (the first counts)', { 'x-service-key': [secret, 'second'] }],
    ['a Fetch Headers', new Headers({ 'X-Service-Key': secret })],
    ['a Map', new Map([['X-Service-Key', secret]])],
    ['[name, value] pairs', [['X-Service-Key', secret]]],
    ['a request object', new Request('https://site.example/', { headers: { 'x-service-key': secret } })],
  ];

  it.each(bags)('accepts %s', async (_name, headers) => {
    expect((await receiver.handle({ headers, rawBody: body })).status).toBe(200);
  });

  it('prefers a plain name over its HTTP_ form, and reads signature headers the same way', () => {
    expect(getHeader({ HTTP_X_SERVICE_KEY: 'server', 'x-service-key': 'plain' }, 'x-service-key')).toBe(
      'plain',
    );
    expect(getHeader({ HTTP_WEBHOOK_ID: 'msg_1' }, 'webhook-id')).toBe('msg_1');
    expect(getHeader({ x_service_key: secret }, 'x-service-key')).toBeUndefined();
  });

  it('refuses a wrong key in every form', async () => {
    expect((await receiver.handle({ headers: { HTTP_X_SERVICE_KEY: 'guess' }, rawBody: body })).status).toBe(
      401,
    );
    expect(
      (await receiver.handle({ headers: { 'x-service-key': ['guess', secret] }, rawBody: body })).status,
    ).toBe(401);
  });
});

describe('malformed signature headers', () => {
  it('answer 401, never 500, and quote no more than the start of a 5,000-digit timestamp', async () => {
    const receiver = createWebhookReceiver({
      secret,
      signingSecret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const headers = (timestamp: string, signature = 'v1,AAAA') => ({
      'x-service-key': secret,
      'webhook-id': 'msg_1',
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    });
    const now = String(Math.floor(Date.now() / 1000));
    for (const [timestamp, signature] of [
      ['9'.repeat(5000), undefined],
      ['-1', undefined],
      ['1e3', undefined],
      [now, ''],
      [now, 'v1,'],
      [now, `v1,${'A'.repeat(100_000)}`],
    ] as const) {
      const result = await receiver.handle({ headers: headers(timestamp, signature), rawBody: '{}' });
      expect(result.status).toBe(401);
      expect(JSON.stringify(result.body).length).toBeLessThan(600);
    }
  });
});

describe('one body limit', () => {
  it('is WEBHOOK_MAX_BODY_BYTES, receiver-limits.json max_body_bytes, in every entry point by default', async () => {
    expect(WEBHOOK_MAX_BODY_BYTES).toBe(receiverLimits.max_body_bytes);
    expect(createWebhookReceiver({ secret }).maxBodyBytes).toBe(WEBHOOK_MAX_BODY_BYTES);
    expect(createNodeHandler({ secret }).receiver.maxBodyBytes).toBe(WEBHOOK_MAX_BODY_BYTES);
    expect(createExpressHandler({ secret }).receiver.maxBodyBytes).toBe(WEBHOOK_MAX_BODY_BYTES);
    expect(createFetchHandler({ secret }).receiver.maxBodyBytes).toBe(WEBHOOK_MAX_BODY_BYTES);
    expect(receiverLimits.largest_delivery_bytes).toBeLessThan(WEBHOOK_MAX_BODY_BYTES);
  });

  it('an adapter limit applies to the receiver it creates', () => {
    expect(createFetchHandler({ secret }, { maxBodyBytes: 10 }).receiver.maxBodyBytes).toBe(10);
    expect(createNodeHandler({ secret }, { maxBodyBytes: 10 }).receiver.maxBodyBytes).toBe(10);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => createWebhookReceiver({ secret, maxBodyBytes: 0 })).toThrow(/maxBodyBytes/);
    expect(() => createWebhookReceiver({ secret, maxBodyBytes: 1.5 })).toThrow(/maxBodyBytes/);
  });

  it('counts UTF-8 bytes of a string body, not characters', async () => {
    const receiver = createWebhookReceiver({ secret, maxBodyBytes: 100 });
    const body = JSON.stringify({ ...article, content: 'é'.repeat(40) });
    expect(body.length).toBeLessThanOrEqual(100);
    expect(Buffer.byteLength(body)).toBeGreaterThan(100);
    expect((await receiver.handle({ headers: { 'x-service-key': secret }, rawBody: body })).status).toBe(413);
  });
});
