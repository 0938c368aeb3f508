import { createWebhookReceiver, type WebhookReceiverOptions } from '@rankquill/webhooks';
import { createExpressHandler } from '@rankquill/webhooks/express';
import express from 'express';

/**
 * The customer's site: Rankquill deliveries on /webhook, the rest of the app behind
 * express.json(). The webhook route comes first so that it reads the raw bytes it verifies.
 */
export function createApp(options: WebhookReceiverOptions): express.Express {
  const receiver = createWebhookReceiver({
    ...options,
    on: {
      'keyword.ranking_changed': (event) => {
        console.log(`${event.keyword}: ${event.previous_position ?? '-'} → ${event.position ?? '-'}`);
      },
      ...options.on,
    },
  });

  const app = express();
  // Every method, so that a GET gets the receiver's 405 with Allow: POST rather than a 404.
  app.all('/webhook', createExpressHandler(receiver));
  app.use(express.json());
  app.get('/articles', async (_req, res) => {
    res.json({ articles: (await receiver.store?.list()) ?? [] });
  });
  return app;
}
