import { WEBHOOK_HEADERS } from '@rankquill/contract';
import { signWebhookPayload } from './signature';

/** `user-agent` of every delivery, so receivers can tell them apart in their logs. */
export const WEBHOOK_USER_AGENT = 'Rankquill-Webhooks/1.0';

/** An HTTP POST ready to go to a webhook receiver. */
export interface WebhookHttpRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a delivery attempt is made of. */
export interface WebhookAttempt {
  url: string;
  secret: string;
  event: string;
  /** Delivery id: `x-service-delivery` and `webhook-id`, the same on every retry. */
  deliveryId: string;
  /** Milliseconds since the epoch of this attempt; sent as Unix seconds. */
  at: number;
  body: string;
}

/**
 * Builds one delivery attempt exactly as the service sends it: the spec's `x-service-key`
 * (the secret, verbatim), `x-service-event`, `x-service-delivery`, and the Standard Webhooks
 * `webhook-id`, `webhook-timestamp` and `webhook-signature`.
 *
 * @example
 * ```ts
 * const request = await buildWebhookRequest({ url, secret, event: 'content.published', deliveryId: 'dlv_1', at: clock.now(), body });
 * await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
 * ```
 */
export async function buildWebhookRequest(attempt: WebhookAttempt): Promise<WebhookHttpRequest> {
  const timestamp = Math.floor(attempt.at / 1000);
  return {
    url: attempt.url,
    headers: {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      [WEBHOOK_HEADERS.serviceKey]: attempt.secret,
      [WEBHOOK_HEADERS.event]: attempt.event,
      [WEBHOOK_HEADERS.delivery]: attempt.deliveryId,
      [WEBHOOK_HEADERS.id]: attempt.deliveryId,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: await signWebhookPayload({
        secret: attempt.secret,
        id: attempt.deliveryId,
        timestamp,
        body: attempt.body,
      }),
    },
    body: attempt.body,
  };
}
