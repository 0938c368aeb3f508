import { fromBase64Url, toBase64Url } from './base64';

const encoder = new TextEncoder();

/** How long a `download_url` works after it is handed out. */
export const DOWNLOAD_URL_TTL_MS = 60 * 60 * 1000;

/**
 * Signs and checks the tokens of export download URLs, like a presigned URL: the token is
 * HMAC-SHA256 (Web Crypto, so it runs wherever the engine does) over the export id and the
 * expiry, keyed by a secret only the server knows. Anyone holding the URL may download until
 * it expires; nobody can make one for another export or a later expiry.
 *
 * @example
 * ```ts
 * const tokens = new DownloadTokens('server secret');
 * const signature = await tokens.sign('exp_123', 1767229200);
 * await tokens.verify('exp_123', 1767229200, signature); // true
 * ```
 */
export class DownloadTokens {
  private key: Promise<CryptoKey> | undefined;

  constructor(private readonly secret: string) {}

  /** The base64url signature of `exportId` valid until `expiresAt` (Unix seconds). */
  async sign(exportId: string, expiresAt: number): Promise<string> {
    const mac = await globalThis.crypto.subtle.sign(
      'HMAC',
      await this.hmacKey(),
      message(exportId, expiresAt),
    );
    return toBase64Url(new Uint8Array(mac));
  }

  /**
   * Whether `signature` is the one of `exportId` and `expiresAt`. Web Crypto's HMAC verify
   * compares in constant time, so the answer's timing tells nothing about a near miss.
   */
  async verify(exportId: string, expiresAt: number, signature: string): Promise<boolean> {
    const given = fromBase64Url(signature);
    if (given?.byteLength !== 32) return false;
    return globalThis.crypto.subtle.verify('HMAC', await this.hmacKey(), given, message(exportId, expiresAt));
  }

  private hmacKey(): Promise<CryptoKey> {
    this.key ??= globalThis.crypto.subtle.importKey(
      'raw',
      encoder.encode(this.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.key;
  }
}

// A separator that cannot occur in an id keeps `exp_1` + `23` apart from `exp_12` + `3`.
function message(exportId: string, expiresAt: number): Uint8Array<ArrayBuffer> {
  return encoder.encode(`export-download\n${exportId}\n${expiresAt}`);
}
