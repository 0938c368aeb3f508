import { signingSecretKey, WEBHOOK_HEADERS } from '@rankquill/contract/webhooks';
import { WebhookVerificationError } from './errors';
import { getHeader, type HeadersInput } from './headers';
import { constantTimeEqual } from './verify-secret';

/** Deliveries whose `webhook-timestamp` is further than this from the receiver's clock are rejected. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

/** Parts of one signed delivery. */
export interface SignatureInput {
  /**
   * The project's signing secret, `whsec_` + base64: the HMAC key is the decoded bytes (Standard
   * Webhooks). Not the webhook secret sent as `x-service-key`.
   */
  signingSecret: string;
  /** `webhook-id` of the delivery. */
  id: string;
  /** `webhook-timestamp` of the attempt, in Unix seconds. */
  timestamp: number;
  /** The raw body exactly as sent, as text or bytes. */
  body: string | Uint8Array;
}

/** The Standard Webhooks headers of one delivery attempt. A type alias, so it spreads into any header record. */
export type SignatureHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

function bytesOf(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function hmac({ signingSecret, id, timestamp, body }: SignatureInput): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    signingSecretKey(signingSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const payload = bytesOf(body);
  const signed = new Uint8Array(prefix.length + payload.length);
  signed.set(prefix);
  signed.set(payload, prefix.length);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, signed));
}

/**
 * Signs one delivery the Standard Webhooks way: `v1,` followed by the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>`, keyed with the base64-decoded bytes of the signing secret. Throws a
 * `TypeError` when the signing secret is malformed.
 *
 * @example
 * ```ts
 * import { signWebhook } from '@rankquill/webhooks';
 * const signature = await signWebhook({ signingSecret, id: 'dlv_1', timestamp: 1767259800, body: rawBody });
 * // signature === 'v1,<base64 HMAC>'
 * ```
 */
export async function signWebhook(input: SignatureInput): Promise<string> {
  return `v1,${toBase64(await hmac(input))}`;
}

/**
 * The three Standard Webhooks headers for one attempt, timestamped now unless `timestamp` is given.
 *
 * @example
 * ```ts
 * import { createSignatureHeaders } from '@rankquill/webhooks';
 * const headers = await createSignatureHeaders({ signingSecret, id: 'dlv_1', body: rawBody });
 * await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: rawBody });
 * ```
 */
export async function createSignatureHeaders(
  input: Omit<SignatureInput, 'timestamp'> & { timestamp?: number; now?: () => number },
): Promise<SignatureHeaders> {
  const timestamp = input.timestamp ?? Math.floor((input.now ?? Date.now)() / 1000);
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': await signWebhook({ ...input, timestamp }),
  };
}

/** What `verifyWebhookSignature` needs. */
export interface VerifySignatureInput {
  /** The project's signing secret, `whsec_` + base64. */
  signingSecret: string;
  /** Request headers; `webhook-id`, `webhook-timestamp` and `webhook-signature` are read. */
  headers: HeadersInput;
  /** The raw body exactly as received. A re-serialized body only verifies when it is byte-identical. */
  body: string | Uint8Array;
  /** Largest accepted distance, in seconds, between `webhook-timestamp` and now. Default 300. */
  tolerance?: number;
  /** Milliseconds since the epoch; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

/**
 * Verifies the Standard Webhooks headers of a delivery and resolves with its timestamp. The
 * signature proves that the body, `webhook-id` and `webhook-timestamp` come unchanged from a
 * holder of the signing secret, which is never sent over the wire.
 * Accepts a header holding several space-separated signatures (sent while a secret rotates)
 * when any `v1` one matches; ignores other versions. Rejects with a `WebhookVerificationError`
 * when a header is missing, the timestamp is not Unix seconds or lies further than `tolerance`
 * seconds from now (a replay or a badly delayed delivery), or no signature matches.
 *
 * @example
 * ```ts
 * import { verifyWebhookSignature, WebhookVerificationError } from '@rankquill/webhooks';
 * try {
 *   await verifyWebhookSignature({ signingSecret, headers: request.headers, body: rawBody });
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) console.warn(error.type, error.message);
 * }
 * ```
 */
export async function verifyWebhookSignature(input: VerifySignatureInput): Promise<{ timestamp: number }> {
  const tolerance = input.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const id = getHeader(input.headers, WEBHOOK_HEADERS.id);
  const timestampText = getHeader(input.headers, WEBHOOK_HEADERS.timestamp);
  const signatures = getHeader(input.headers, WEBHOOK_HEADERS.signature);
  const missing = [
    id === undefined ? WEBHOOK_HEADERS.id : undefined,
    timestampText === undefined ? WEBHOOK_HEADERS.timestamp : undefined,
    signatures === undefined ? WEBHOOK_HEADERS.signature : undefined,
  ].filter((name) => name !== undefined);
  if (id === undefined || timestampText === undefined || signatures === undefined) {
    throw new WebhookVerificationError(
      'missing_header',
      `Missing ${missing.join(', ')} header${missing.length > 1 ? 's' : ''}: a receiver with a signing secret accepts only deliveries signed with it, which carry webhook-id, webhook-timestamp and webhook-signature.`,
    );
  }
  if (!/^\d{1,15}$/.test(timestampText)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      // A sender may put anything there, 5,000 digits included: quote only its start.
      `Invalid webhook-timestamp "${timestampText.length > 40 ? `${timestampText.slice(0, 40)}…` : timestampText}": expected whole Unix seconds, such as 1767259800.`,
    );
  }
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((input.now ?? Date.now)() / 1000);
  if (nowSeconds - timestamp > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `webhook-timestamp ${timestamp} is ${nowSeconds - timestamp} seconds behind the receiver's clock; deliveries older than ${tolerance} seconds are rejected as replays. Check the receiver's clock if this delivery is new.`,
    );
  }
  if (timestamp - nowSeconds > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `webhook-timestamp ${timestamp} is ${timestamp - nowSeconds} seconds ahead of the receiver's clock; the tolerance is ${tolerance} seconds. Check the receiver's clock.`,
    );
  }
  const expected = await hmac({ signingSecret: input.signingSecret, id, timestamp, body: input.body });
  let matched = false;
  for (const entry of signatures.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma === -1 || entry.slice(0, comma) !== 'v1') continue;
    const candidate = fromBase64(entry.slice(comma + 1));
    // Keep comparing after a match so the time spent does not reveal which entry matched.
    if (candidate !== undefined && constantTimeEqual(candidate, expected)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'signature_mismatch',
      'Invalid webhook-signature: no v1 signature matches the HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the signing secret. Check that the receiver has the project\'s current signing secret (whsec_…, not the x-service-key secret), and pass the body exactly as received.',
    );
  }
  return { timestamp };
}
