import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { signingSecretKey } from '@rankquill/contract';
import { BoundedCache } from '../engine/kernel/bounded-cache';
import type { WebhookSignatureInput, WebhookSigner } from '../engine/webhooks/signature';

/** HMAC keys by signing secret: a project signs every delivery with the same one or two. */
const keys = new BoundedCache<string, KeyObject>(256);

/**
 * The entries `signWebhookPayload` makes, through `node:crypto` in the calling thread: about a
 * third of the CPU time of WebCrypto's asynchronous jobs, which a delivery pays once per
 * signing secret. A malformed signing secret throws the same `TypeError`.
 *
 * @example
 * ```ts
 * const engine = await Engine.open({ store, seed: 1, clock, webhookSigner: nodeWebhookSigner });
 * nodeWebhookSigner({ signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', id: 'dlv_1', timestamp: 1767225600, body: '{}' });
 * // 'v1,…', the same as `await signWebhookPayload(…)`
 * ```
 */
export const nodeWebhookSigner: WebhookSigner = ({
  signingSecret,
  id,
  timestamp,
  body,
}: WebhookSignatureInput) => {
  const key = keys.get(signingSecret, (secret) => createSecretKey(signingSecretKey(secret)));
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
};
