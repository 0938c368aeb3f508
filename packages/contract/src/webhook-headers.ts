/**
 * Names of the HTTP headers of a webhook delivery. `x-service-*` come from the spec (section 5
 * and 6); `webhook-*` are the Standard Webhooks headers the service adds so that receivers can
 * check integrity and reject replays.
 */
export const WEBHOOK_HEADERS = {
  /** The secret the customer entered in the project's webhook settings. */
  serviceKey: 'x-service-key',
  /** Event name, such as `content.published`. */
  event: 'x-service-event',
  /** Delivery id, the same on every retry of one delivery. */
  delivery: 'x-service-delivery',
  /** Standard Webhooks message id, the same on every retry of one delivery. */
  id: 'webhook-id',
  /** Unix seconds of this attempt. */
  timestamp: 'webhook-timestamp',
  /** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, several separated by spaces. */
  signature: 'webhook-signature',
} as const;
