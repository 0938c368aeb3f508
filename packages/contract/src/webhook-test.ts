import { z } from 'zod';
import { named } from './registry';

export const WebhookTestResult = named(
  'WebhookTestResult',
  "Answer of POST /projects/:id/webhook/test: what the project's webhook receiver said to a sample `content.published` delivery, sent with the same headers and signature as real deliveries.",
  z.object({
    delivery_id: z.string().describe('`x-service-delivery` and `webhook-id` of the test delivery.'),
    event: z.literal('content.published'),
    status: z
      .number()
      .int()
      .nullable()
      .describe("The receiver's HTTP status; null when it gave no answer (see `error`)."),
    body: z.unknown().describe("The receiver's answer: parsed JSON, or the text when it is not JSON."),
    url: z
      .string()
      .nullable()
      .describe('The `url` of a `{"success": true, "url"}` answer: where the test article was published.'),
    error: z
      .string()
      .nullable()
      .describe(
        'Null when the receiver answered 2xx; otherwise what went wrong (status, network error, timeout).',
      ),
  }),
);
export type WebhookTestResult = z.infer<typeof WebhookTestResult>;
