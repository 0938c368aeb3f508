import { WEBHOOK_HEADERS } from '@rankquill/contract';
import { signWebhookPayload, type WebhookSigner } from './signature';

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
  /** The webhook secret, sent verbatim as `x-service-key` (spec 5). */
  secret: string;
  event: string;
  /** Delivery id: `x-service-delivery` and `webhook-id`, the same on every retry. */
  deliveryId: string;
  /** Milliseconds since the epoch of this attempt on the wall clock; sent as Unix seconds. */
  at: number;
  body: string;
  /**
   * Signing secrets (`whsec_…`) that sign the attempt: the project's, and during a rotation the
   * one it replaced, each giving one entry of `webhook-signature`. None: no `webhook-signature`.
   */
  signingSecrets?: readonly string[];
}

/**
 * Builds one delivery attempt exactly as the service sends it: the spec's `x-service-key`
 * (the secret, verbatim), `x-service-event`, `x-service-delivery`, and the Standard Webhooks
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` (space-separated entries, one per
 * signing secret).
 *
 * @example
 * ```ts
 * const request = await buildWebhookRequest({
 *   url, secret, signingSecrets: [signingSecret], event: 'content.published', deliveryId: 'dlv_1', at: wallClock.now(), body,
 * });
 * await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
 * ```
 * `sign` makes each `webhook-signature` entry (default: WebCrypto's `signWebhookPayload`).
 */
export async function buildWebhookRequest(
  attempt: WebhookAttempt,
  sign: WebhookSigner = signWebhookPayload,
): Promise<WebhookHttpRequest> {
  const timestamp = Math.floor(attempt.at / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.serviceKey]: attempt.secret,
    [WEBHOOK_HEADERS.event]: attempt.event,
    [WEBHOOK_HEADERS.delivery]: attempt.deliveryId,
    [WEBHOOK_HEADERS.id]: attempt.deliveryId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
  };
  const signingSecrets = attempt.signingSecrets ?? [];
  if (signingSecrets.length > 0) {
    const signatures = await Promise.all(
      signingSecrets.map((signingSecret) =>
        sign({ signingSecret, id: attempt.deliveryId, timestamp, body: attempt.body }),
      ),
    );
    headers[WEBHOOK_HEADERS.signature] = signatures.join(' ');
  }
  return { url: attempt.url, headers, body: attempt.body };
}
