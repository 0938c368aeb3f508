import { signingSecretKey, signingSecretProblem } from '@rankquill/contract';

const encoder = new TextEncoder();

/**
 * The HMAC key: per Standard Webhooks, the base64-decoded bytes of a signing secret
 * (`whsec_…`). Until the service generates signing secrets, deliveries are signed with the
 * webhook secret, whose UTF-8 bytes stay the key; receivers with a signing secret refuse those.
 */
function hmacKey(secret: string): Uint8Array<ArrayBuffer> {
  return signingSecretProblem(secret) === undefined ? signingSecretKey(secret) : encoder.encode(secret);
}

/** What one Standard Webhooks signature covers. */
export interface WebhookSignatureInput {
  /**
   * A signing secret, `whsec_` + base64, whose decoded bytes are the HMAC key; or, until the
   * service generates those, the webhook secret, keyed by its UTF-8 bytes.
   */
  secret: string;
  /** `webhook-id`: the delivery id, the same on every retry. */
  id: string;
  /** `webhook-timestamp`: Unix seconds of this attempt. */
  timestamp: number;
  /** The body exactly as sent. */
  body: string;
}

/**
 * The `webhook-signature` value of one attempt: `v1,` + base64 of the HMAC-SHA256 of
 * `<id>.<timestamp>.<body>`. Uses WebCrypto, so it runs in Node, browsers and workers alike.
 *
 * @example
 * ```ts
 * const signature = await signWebhookPayload({
 *   secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
 *   id: 'dlv_1',
 *   timestamp: 1767225600,
 *   body: '{}',
 * });
 * // 'v1,…'
 * ```
 */
export async function signWebhookPayload({
  secret,
  id,
  timestamp,
  body,
}: WebhookSignatureInput): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    hmacKey(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`)),
  );
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return `v1,${btoa(binary)}`;
}
