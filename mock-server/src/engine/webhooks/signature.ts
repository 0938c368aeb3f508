import { signingSecretKey } from '@rankquill/contract';
import { BoundedCache } from '../kernel/bounded-cache';

const encoder = new TextEncoder();

/**
 * Imported HMAC keys by signing secret: importing costs four times what signing does, and a
 * project signs every delivery with the same one or two. The keys cannot be exported.
 */
const hmacKeys = new BoundedCache<string, Promise<CryptoKey>>(256);

/** A malformed signing secret throws here, before anything is remembered. */
function importHmacKey(signingSecret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    signingSecretKey(signingSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

/** What one Standard Webhooks signature covers. */
export interface WebhookSignatureInput {
  /**
   * The project's signing secret, `whsec_` + base64; per Standard Webhooks the HMAC key is its
   * base64-decoded bytes. A malformed one throws a `TypeError` that does not repeat it.
   */
  signingSecret: string;
  /** `webhook-id`: the delivery id, the same on every retry. */
  id: string;
  /** `webhook-timestamp`: Unix seconds of this attempt on the wall clock. */
  timestamp: number;
  /** The body exactly as sent. */
  body: string;
}

/**
 * Makes one `webhook-signature` entry. `signWebhookPayload` (WebCrypto) is the default; a runtime
 * may pass one of its own that gives the same entries faster, such as the reference server's
 * `nodeWebhookSigner` (`node:crypto`, about a third of the CPU time a signature takes through
 * WebCrypto's asynchronous jobs).
 *
 * @example
 * ```ts
 * const engine = await Engine.open({ store, seed: 1, clock, webhookSigner: nodeWebhookSigner });
 * ```
 */
export type WebhookSigner = (input: WebhookSignatureInput) => string | Promise<string>;

/**
 * One `webhook-signature` entry: `v1,` + base64 of the HMAC-SHA256 of `<id>.<timestamp>.<body>`.
 * Uses WebCrypto, so it runs in Node, browsers and workers alike.
 *
 * @example
 * ```ts
 * const signature = await signWebhookPayload({
 *   signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
 *   id: 'dlv_1',
 *   timestamp: 1767225600,
 *   body: '{}',
 * });
 * // 'v1,…'
 * ```
 */
export async function signWebhookPayload({
  signingSecret,
  id,
  timestamp,
  body,
}: WebhookSignatureInput): Promise<string> {
  const key = await hmacKeys.get(signingSecret, importHmacKey);
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`)),
  );
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return `v1,${btoa(binary)}`;
}
