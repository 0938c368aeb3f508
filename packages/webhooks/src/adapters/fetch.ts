/**
 * The receiver as a Fetch API handler: Next.js route handlers, Hono, Bun, Deno, Workers.
 *
 * @module @rankquill/webhooks/fetch
 */
import { WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract/webhooks';
import { bodyTooLarge, methodNotAllowed, type WebhookReceiver, type WebhookResult } from '../receiver';
import { type ReceiverInput, toReceiver } from './receiver-input';

/**
 * Default largest body the Fetch handler reads: `WEBHOOK_MAX_BODY_BYTES` (4 MiB), as every
 * adapter.
 * @deprecated Use `WEBHOOK_MAX_BODY_BYTES` from `@rankquill/contract`; this was 1 MiB before.
 */
export const DEFAULT_FETCH_MAX_BODY_BYTES = WEBHOOK_MAX_BODY_BYTES;

/** Options of `createFetchHandler`. */
export interface FetchAdapterOptions {
  /**
   * Largest body read, in bytes; a larger delivery gets a 413 and is not read further.
   * Default: the receiver's `maxBodyBytes`, 4 MiB (`WEBHOOK_MAX_BODY_BYTES`) unless set there.
   * @example 8 * 1024 * 1024
   */
  maxBodyBytes?: number;
  /**
   * Called with every answer before it is returned, for logs and metrics.
   * @example (result) => console.log(result.event, result.status)
   */
  onResult?: (result: WebhookResult, request: Request) => void;
}

/** A Fetch API handler, with the receiver it uses. */
export interface FetchWebhookHandler {
  (request: Request): Promise<Response>;
  readonly receiver: WebhookReceiver;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Sizes of a body over the limit: the declared `content-length`, when there is one. */
interface TooLarge {
  declared: number | undefined;
}

/**
 * The body of `request`, or `TooLarge` when it is larger than `maxBytes`: a declared
 * `content-length` above it is refused before reading, a stream stops being read past it.
 */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | TooLarge> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { declared };
  }
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop reading: the runtime discards the rest once the answer is sent.
      await reader.cancel().catch(() => {});
      return { declared: undefined };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * A `(request: Request) => Promise<Response>` handler for runtimes built on the Fetch API:
 * Next.js route handlers, Hono, Bun, Deno, Cloudflare Workers. Uses no Node module. It checks
 * `x-service-key` before it reads the body, and reads at most `maxBodyBytes` (4 MiB by default):
 * 405 with `Allow: POST` for another method, 401 for a wrong key, 413 for a larger body.
 *
 * @example
 * ```ts
 * // app/api/rankquill/route.ts (Next.js)
 * import { createFetchHandler } from '@rankquill/webhooks/fetch';
 * export const POST = createFetchHandler({ secret: process.env.RANKQUILL_WEBHOOK_SECRET! });
 * ```
 */
export function createFetchHandler(
  input: ReceiverInput,
  options: FetchAdapterOptions = {},
): FetchWebhookHandler {
  const receiver = toReceiver(input, options.maxBodyBytes);
  const maxBodyBytes = options.maxBodyBytes ?? receiver.maxBodyBytes;
  const answer = (result: WebhookResult, request: Request): Response => {
    options.onResult?.(result, request);
    return json(result.status, result.body, result.headers);
  };
  const handler = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return answer(methodNotAllowed(request.method), request);
    const refused = await receiver.checkServiceKey(request.headers);
    if (refused) return answer(refused, request);
    const rawBody = await readBody(request, maxBodyBytes);
    if (!(rawBody instanceof Uint8Array))
      return answer(bodyTooLarge(maxBodyBytes, rawBody.declared), request);
    return answer(await receiver.handle({ headers: request.headers, rawBody }), request);
  };
  return Object.assign(handler, { receiver });
}
export type { ReceiverInput } from './receiver-input';
