const encoder = new TextEncoder();

/** What one Standard Webhooks signature covers. */
export interface WebhookSignatureInput {
  /** The project's webhook secret; its UTF-8 bytes are the HMAC key (no `whsec_` decoding). */
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
 * const signature = await signWebhookPayload({ secret: 's3cret', id: 'dlv_1', timestamp: 1767225600, body: '{}' });
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
    encoder.encode(secret),
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
