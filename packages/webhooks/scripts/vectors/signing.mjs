// Signing for the vectors, with node:crypto, independently of the WebCrypto code under test.
import { createHash, createHmac } from 'node:crypto';

export const NOW = 1767259800; // 2026-01-01T09:30:00Z
export const TOLERANCE_SECONDS = 300;

/** A signing secret over `length` bytes derived from `label`, so the files are reproducible. */
export function signingSecretOf(label, length = 32) {
  let bytes = Buffer.alloc(0);
  for (let block = 0; bytes.length < length; block++) {
    bytes = Buffer.concat([bytes, createHash('sha256').update(`${label}/${block}`).digest()]);
  }
  return `whsec_${bytes.subarray(0, length).toString('base64')}`;
}

/** The HMAC key of a signing secret: the base64-decoded bytes after `whsec_`. */
export const keyOf = (signingSecret) => Buffer.from(signingSecret.slice('whsec_'.length), 'base64');

const mac = (key, id, timestamp, body) =>
  `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;

/** `webhook-signature` of one attempt, keyed per Standard Webhooks. */
export const sign = (signingSecret, id, timestamp, body) => mac(keyOf(signingSecret), id, timestamp, body);

/** A signature keyed with the UTF-8 bytes of `text`: what a forger who saw `x-service-key` can make. */
export const signWithText = (text, id, timestamp, body) =>
  mac(Buffer.from(text, 'utf8'), id, timestamp, body);
