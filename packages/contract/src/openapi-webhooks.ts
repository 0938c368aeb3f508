import type { z } from 'zod';
import { EVENT_TYPES, type WebhookEventName, WebhookReceiverError, WebhookReceiverSuccess } from './events';
import { contractRegistry } from './registry';
import { WEBHOOK_HEADERS } from './webhook-headers';

type JsonObject = Record<string, unknown>;

/** What each event means (spec 6), the summary of its entry in the document's `webhooks`. */
const EVENT_SUMMARIES: Record<WebhookEventName, string> = {
  'content.generated': 'New content was generated',
  'content.published': 'An article was published; the body is the article payload of spec 2.5',
  'content.updated': 'A published article was edited and republished; the body is the article payload',
  'content.unpublished': 'An article was taken offline',
  'content.deleted': 'An article was permanently deleted',
  'keyword.ranking_changed': 'A keyword ranking was updated',
  'ai_visibility.mention_detected': 'A new AI mention was found',
};

function operationIdOf(event: WebhookEventName): string {
  const camel = event.replace(/[._]([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return `webhooks.${camel}`;
}

function ref(schema: z.ZodType): JsonObject {
  const id = contractRegistry.get(schema)?.id;
  if (id === undefined) throw new Error('a webhook body or answer must be a named schema');
  return { $ref: `#/components/schemas/${id}` };
}

function header(name: string, description: string): JsonObject {
  return { name, in: 'header', required: true, description, schema: { type: 'string', minLength: 1 } };
}

const receiverError = (description: string): JsonObject => ({
  description,
  content: { 'application/json': { schema: ref(WebhookReceiverError) } },
});

/** The receiver's answers (spec 6): any other status, or none within the timeout, is a failed attempt. */
const RECEIVER_ANSWERS: JsonObject = {
  '200': {
    description:
      'Received (any 2xx). The service records the attempt as delivered and does not send this delivery again.',
    content: { 'application/json': { schema: ref(WebhookReceiverSuccess) } },
  },
  '400': receiverError(
    'The body is not what the receiver needs (the reference receiver: no title, slug or content).',
  ),
  '401': receiverError('`x-service-key` is missing or does not match the secret the receiver holds.'),
  '413': receiverError('The body is larger than the receiver accepts.'),
  '500': receiverError('The receiver could not store the article; the service retries.'),
};

/**
 * The `webhooks` section of the OpenAPI document: one entry per event, with the POST the service
 * sends to the project's webhook URL and the answers it takes from the receiver.
 *
 * @example
 * ```ts
 * Object.keys(webhooksSection()); // ['content.generated', 'content.published', ...]
 * ```
 */
export function webhooksSection(): JsonObject {
  const section: JsonObject = {};
  for (const [event, body] of Object.entries(EVENT_TYPES) as [WebhookEventName, z.ZodType][]) {
    section[event] = {
      post: {
        operationId: operationIdOf(event),
        summary: EVENT_SUMMARIES[event],
        description: [
          `The service POSTs this to the project's webhook URL when the event happens, with \`${WEBHOOK_HEADERS.event}: ${event}\`.`,
          'A receiver that answers anything but a 2xx is retried after 1, 5 and 30 minutes; then the delivery is marked failed in the activity feed.',
          'A later delivery of the same content item supersedes an earlier one that has not succeeded yet, so a receiver never gets an older state after a newer one.',
        ].join(' '),
        tags: ['Webhook events'],
        security: [{ webhookSecret: [] }],
        parameters: [
          header(WEBHOOK_HEADERS.event, `The event name, \`${event}\`.`),
          header(WEBHOOK_HEADERS.delivery, 'Delivery id, the same on every retry of one delivery.'),
          header(
            WEBHOOK_HEADERS.id,
            'Standard Webhooks message id, the same on every retry: skip one already applied.',
          ),
          header(WEBHOOK_HEADERS.timestamp, 'Unix seconds of this attempt (wall clock).'),
          header(
            WEBHOOK_HEADERS.signature,
            '`v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the signing secret; several, space-separated, during a rotation.',
          ),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: ref(body) } } },
        responses: RECEIVER_ANSWERS,
      },
    };
  }
  return section;
}
