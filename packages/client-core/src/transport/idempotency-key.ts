/** A fresh `Idempotency-Key`: a random UUID from Web Crypto, present in every supported runtime. */
export function newIdempotencyKey(): string {
  return `rq-sdk-${globalThis.crypto.randomUUID()}`;
}
