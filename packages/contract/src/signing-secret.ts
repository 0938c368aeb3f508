/** Every signing secret starts with this, as in Standard Webhooks. */
export const SIGNING_SECRET_PREFIX = 'whsec_';

/** Bounds of the decoded key, in bytes, that Standard Webhooks recommends. */
export const SIGNING_SECRET_KEY_BYTES = { min: 24, max: 64 } as const;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodedLength(base64: string): number {
  return (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/**
 * What is wrong with a would-be signing secret, in words that never repeat it; `undefined` when
 * it is well formed: `whsec_` followed by standard, padded base64 of 24 to 64 bytes.
 *
 * @example
 * ```ts
 * import { signingSecretProblem } from '@rankquill/contract';
 * signingSecretProblem('my-webhook-secret'); // 'it does not start with "whsec_"'
 * ```
 */
export function signingSecretProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `it is not a string but ${value === null ? 'null' : typeof value}`;
  if (!value.startsWith(SIGNING_SECRET_PREFIX)) return `it does not start with "${SIGNING_SECRET_PREFIX}"`;
  const base64 = value.slice(SIGNING_SECRET_PREFIX.length);
  if (base64 === '' || !BASE64.test(base64)) {
    return `what follows "${SIGNING_SECRET_PREFIX}" is not standard base64 (A-Z, a-z, 0-9, + and /, padded with = to a multiple of 4 characters)`;
  }
  const bytes = decodedLength(base64);
  const { min, max } = SIGNING_SECRET_KEY_BYTES;
  if (bytes < min || bytes > max) return `it decodes to ${bytes} bytes; a signing key has ${min} to ${max}`;
  return undefined;
}

/**
 * The HMAC-SHA256 key of a signing secret, per Standard Webhooks: the base64-decoded bytes of
 * what follows `whsec_` (never the text of the secret). Throws a `TypeError` saying what is wrong
 * when the secret is malformed (see {@link signingSecretProblem}).
 *
 * @example
 * ```ts
 * import { signingSecretKey } from '@rankquill/contract';
 * signingSecretKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').length; // 24
 * ```
 */
export function signingSecretKey(signingSecret: string): Uint8Array<ArrayBuffer> {
  const problem = signingSecretProblem(signingSecret);
  if (problem !== undefined) throw new TypeError(`Malformed signing secret: ${problem}.`);
  const binary = atob(signingSecret.slice(SIGNING_SECRET_PREFIX.length));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
