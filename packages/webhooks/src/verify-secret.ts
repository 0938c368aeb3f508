const encoder = new TextEncoder();

/**
 * Compares two byte sequences in time that depends only on their lengths: every byte is read
 * and XOR-accumulated, with no early return at the first difference.
 *
 * @example
 * ```ts
 * constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2])); // true
 * ```
 */
export function constantTimeEqual(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let index = 0; index < length; index++) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/**
 * Checks the `x-service-key` header of a delivery against the secret configured on the
 * receiver. Both are hashed with SHA-256 first, so the comparison takes the same time whatever
 * their lengths and wherever they differ. Uses WebCrypto only: runs on Node, Deno, Bun and Workers.
 *
 * @example
 * ```ts
 * import { verifySecret } from '@rankquill/webhooks';
 * if (!(await verifySecret(request.headers.get('x-service-key'), process.env.RANKQUILL_WEBHOOK_SECRET!))) {
 *   return new Response(JSON.stringify({ error: 'Invalid x-service-key' }), { status: 401 });
 * }
 * ```
 */
export async function verifySecret(received: string | null | undefined, secret: string): Promise<boolean> {
  if (received === null || received === undefined) return false;
  const [left, right] = await Promise.all([sha256(received), sha256(secret)]);
  return constantTimeEqual(left, right);
}
