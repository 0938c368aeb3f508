import type { IncomingMessage } from 'node:http';
import { WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract/webhooks';

/**
 * Default largest body the Node adapters read: `WEBHOOK_MAX_BODY_BYTES` (4 MiB), as every
 * adapter.
 * @deprecated Use `WEBHOOK_MAX_BODY_BYTES` from `@rankquill/contract`; this was 10 MiB before.
 */
export const DEFAULT_MAX_BODY_BYTES = WEBHOOK_MAX_BODY_BYTES;

/** A Node request that a framework may already have read: Express, Connect, Fastify middie. */
export type NodeWebhookRequest = IncomingMessage & { body?: unknown; rawBody?: unknown };

/** Thrown when the raw body cannot be obtained; carries the status to answer. */
export class BodyReadError extends Error {
  override readonly name = 'BodyReadError';

  constructor(
    readonly status: 400 | 413,
    message: string,
    /** Size of the body, when known. */
    readonly size?: number,
  ) {
    super(message);
  }
}

const sizeOf = (body: Uint8Array | string) =>
  typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;

function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array;
}

/**
 * The raw body of a Node request, from the first source that holds it: `req.rawBody` (kept by
 * `express.json({ verify: keepRawBody })`), a Buffer or string in `req.body` (`express.raw()`,
 * `express.text()`), the unread request stream, or, as a last resort, `req.body` re-serialized
 * with `JSON.stringify`. The last case sets `reconstructed`: its bytes match the sender's only
 * when the sender also wrote compact JSON, so a signature check may fail.
 */
export async function readNodeBody(
  req: NodeWebhookRequest,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<{ rawBody: Uint8Array | string; reconstructed: boolean }> {
  const kept = isBytes(req.rawBody) || typeof req.rawBody === 'string' ? req.rawBody : undefined;
  const parsed = isBytes(req.body) || typeof req.body === 'string' ? req.body : undefined;
  const already = kept ?? parsed;
  if (already !== undefined) {
    const size = sizeOf(already);
    if (size > maxBytes) throw new BodyReadError(413, 'too large', size);
    return { rawBody: already, reconstructed: false };
  }
  if (req.readableEnded) {
    if (req.body !== undefined && req.body !== null && typeof req.body === 'object') {
      return { rawBody: JSON.stringify(req.body), reconstructed: true };
    }
    throw new BodyReadError(
      400,
      'The request body was already read by another middleware and not kept: mount the webhook receiver before body parsers, or keep the raw bytes with express.json({ verify: keepRawBody }).',
    );
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyReadError(413, 'too large', declared);
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Stops at the first chunk past the limit: the caller answers 413 at once and closes the
  // connection, so the rest of a large body is never read into memory.
  const complete = await new Promise<boolean>((resolve, reject) => {
    const onData = (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size <= maxBytes) {
        chunks.push(bytes);
        return;
      }
      req.off('data', onData);
      req.pause();
      resolve(false);
    };
    req.on('data', onData);
    req.once('end', () => resolve(true));
    req.once('error', reject);
  });
  if (!complete) throw new BodyReadError(413, 'too large');
  return { rawBody: Buffer.concat(chunks), reconstructed: false };
}
