const encoder = new TextEncoder();

/** Hex SHA-256 of a string, through Web Crypto (available in Node, browsers and workers). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
