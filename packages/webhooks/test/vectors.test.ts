import express from 'express';
import { describe, expect, it } from 'vitest';
import { createExpressHandler, keepRawBody } from '../src/adapters/express';
import { createFetchHandler } from '../src/adapters/fetch';
import { createNodeHandler } from '../src/adapters/node-http';
import { createWebhookReceiver, type WebhookReceiverOptions } from '../src/receiver';
import { MemoryArticleStore } from '../src/stores/memory';
import { fetchBridge, listen, post, type Running } from './helpers/http';
import {
  type DeliveryCase,
  deliveries,
  expectAnswer,
  expectStore,
  receiverOptions,
  seed,
} from './helpers/vectors';

type Answer = { status: number; body: unknown; contentType?: string | null };

interface Transport {
  name: string;
  deliver(delivery: DeliveryCase, options: WebhookReceiverOptions): Promise<Answer>;
  /** Error messages may carry a transport-specific hint after the vector's text. */
  relaxError?: boolean;
}

async function overHttp(server: Promise<Running>, delivery: DeliveryCase): Promise<Answer> {
  const running = await server;
  try {
    return await post(running.url, delivery);
  } finally {
    await running.close();
  }
}

const encoder = new TextEncoder();

const transports: Transport[] = [
  {
    name: 'receiver.handle with a string body',
    deliver: (delivery, options) =>
      createWebhookReceiver(options).handle({
        headers: delivery.request.headers,
        rawBody: delivery.request.body,
      }),
  },
  {
    name: 'receiver.handle with bytes and Fetch Headers',
    deliver: (delivery, options) =>
      createWebhookReceiver(options).handle({
        headers: new Headers(delivery.request.headers),
        rawBody: encoder.encode(delivery.request.body),
      }),
  },
  {
    name: 'express, no body parser',
    deliver: (delivery, options) => {
      const app = express();
      app.post('/webhook', createExpressHandler(options));
      return overHttp(listen(app), delivery);
    },
  },
  {
    name: 'express, express.json() first',
    // Without the raw bytes a signature failure adds how to keep them.
    relaxError: true,
    deliver: (delivery, options) => {
      const app = express();
      const webhook = createExpressHandler(options);
      app.use(express.json());
      app.post('/webhook', webhook);
      app.use('/webhook', webhook.errorHandler);
      return overHttp(listen(app), delivery);
    },
  },
  {
    name: 'express, express.json({ verify: keepRawBody }) first',
    deliver: (delivery, options) => {
      const app = express();
      const webhook = createExpressHandler(options);
      app.use(express.json({ verify: keepRawBody }));
      app.post('/webhook', webhook);
      app.use('/webhook', webhook.errorHandler);
      return overHttp(listen(app), delivery);
    },
  },
  {
    name: 'node:http handler',
    deliver: (delivery, options) => overHttp(listen(createNodeHandler(options)), delivery),
  },
  {
    name: 'fetch handler called with a Request',
    deliver: async (delivery, options) => {
      const response = await createFetchHandler(options)(
        new Request(`https://cms.example${delivery.request.path}`, {
          method: delivery.request.method,
          headers: delivery.request.headers,
          body: delivery.request.body,
        }),
      );
      return {
        status: response.status,
        body: await response.json(),
        contentType: response.headers.get('content-type'),
      };
    },
  },
  {
    name: 'fetch handler served through node:http',
    deliver: (delivery, options) => overHttp(listen(fetchBridge(createFetchHandler(options))), delivery),
  },
];

describe.each(transports)('delivery vectors through $name', (transport) => {
  it.each(deliveries.cases.map((delivery) => [delivery.id, delivery] as const))(
    '%s',
    async (_id, delivery) => {
      const store = new MemoryArticleStore();
      await seed(store, delivery);
      const answer = await transport.deliver(delivery, receiverOptions(delivery, store));
      expectAnswer(delivery, answer, { relaxError: transport.relaxError });
      if (answer.contentType !== undefined) expect(answer.contentType).toMatch(/^application\/json/);
      await expectStore(store, delivery);
    },
  );
});

describe('delivery vectors file', () => {
  it('covers every case the receiver contract asks for', () => {
    const ids = deliveries.cases.map((delivery) => delivery.id);
    for (const id of [
      'published-full',
      'missing-title',
      'missing-slug-and-content',
      'wrong-secret',
      'missing-secret',
      'bad-signature',
      'replayed-timestamp',
      'spec-sender-without-signing-secret',
      'signature-headers-ignored-without-signing-secret',
      'unsigned-with-signing-secret',
      'signed-with-service-key',
      'rotation-first-signature-matches',
      'rotation-second-signature-matches',
      'tolerance-300-seconds-old',
      'tolerance-301-seconds-old',
      'tolerance-300-seconds-ahead',
      'tolerance-301-seconds-ahead',
      'published-content-sanitized',
      'published-defaults-minimal',
      'unpublished-removes',
      'deleted-removes',
      'unknown-event',
      'malformed-json',
    ]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
