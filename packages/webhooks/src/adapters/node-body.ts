import type { IncomingMessage } from 'node:http';

/** Default largest body an adapter reads: 10 MiB, far above any article. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A Node request that a framework may already have read: Express, Connect, Fastify middie. */
export type NodeWebhookRequest = IncomingMessage & { body?: unknown; rawBody?: unknown };

/** Thrown when the raw body cannot be obtained; carries the status to answer. */
export class BodyReadError extends Error {
  override readonly name = 'BodyReadError';

  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

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
  if (isBytes(req.rawBody) || typeof req.rawBody === 'string')
    return { rawBody: req.rawBody, reconstructed: false };
  if (isBytes(req.body) || typeof req.body === 'string') return { rawBody: req.body, reconstructed: false };
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
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    throw new BodyReadError(413, `Request body of ${declared} bytes exceeds the limit of ${maxBytes} bytes.`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Drain a body that is too large instead of destroying the stream, so the 413 still reaches the sender.
  await new Promise<void>((resolve, reject) => {
    req.on('data', (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size <= maxBytes) chunks.push(bytes);
    });
    req.on('end', resolve);
    req.on('error', reject);
  });
  if (size > maxBytes) throw new BodyReadError(413, `Request body exceeds the limit of ${maxBytes} bytes.`);
  return { rawBody: Buffer.concat(chunks), reconstructed: false };
}
