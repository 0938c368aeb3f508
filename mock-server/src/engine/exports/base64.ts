// btoa/atob work on "binary strings"; going through them a slice at a time keeps the argument
// lists of String.fromCharCode short. Both are in every runtime the engine supports.
const SLICE = 0x8000;

/**
 * Standard base64 of bytes (Web APIs only, no Buffer).
 *
 * @example
 * ```ts
 * toBase64(new Uint8Array([1, 2, 3])); // 'AQID'
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.byteLength; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

/**
 * Bytes of standard base64 text; throws on text that is not base64.
 *
 * @example
 * ```ts
 * fromBase64('AQID'); // Uint8Array [1, 2, 3]
 * ```
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64url without padding (RFC 4648 §5), for values that travel in URLs. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Bytes of base64url text, or undefined when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return fromBase64(padded);
  } catch {
    return undefined;
  }
}
