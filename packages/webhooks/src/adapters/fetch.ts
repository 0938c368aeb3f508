/**
 * The receiver as a Fetch API handler: Next.js route handlers, Hono, Bun, Deno, Workers.
 *
 * @module @rankquill/webhooks/fetch
 */
import type { WebhookReceiver, WebhookResult } from '../receiver';
import { type ReceiverInput, toReceiver } from './receiver-input';

/** Default largest body the Fetch handler reads: 1 MiB. */
export const DEFAULT_FETCH_MAX_BODY_BYTES = 1024 * 1024;

/** Options of `createFetchHandler`. */
export interface FetchAdapterOptions {
  /**
   * Largest body read, in bytes; a larger delivery gets a 413 and is not read further.
   * Default 1 MiB (`DEFAULT_FETCH_MAX_BODY_BYTES`).
   * @example 4 * 1024 * 1024
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

/**
 * The body of `request`, or `undefined` when it is larger than `maxBytes`: a declared
 * `content-length` above it is refused before reading, a stream stops being read past it.
 */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return undefined;
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop reading; the runtime discards the rest once the answer is sent.
      reader.releaseLock();
      return undefined;
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
 * `x-service-key` before it reads the body, and reads at most `maxBodyBytes` (1 MiB by default).
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
  const receiver = toReceiver(input);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_FETCH_MAX_BODY_BYTES;
  const answer = (result: WebhookResult, request: Request): Response => {
    options.onResult?.(result, request);
    return json(result.status, result.body);
  };
  const handler = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') {
      return json(
        405,
        { error: `Method ${request.method} not allowed: webhook deliveries are POST requests.` },
        { allow: 'POST' },
      );
    }
    const refused = await receiver.checkServiceKey(request.headers);
    if (refused) return answer(refused, request);
    const rawBody = await readBody(request, maxBodyBytes);
    if (rawBody === undefined) {
      return json(413, {
        error: `Request body exceeds the limit of ${maxBodyBytes} bytes: raise maxBodyBytes of createFetchHandler if your articles are larger.`,
      });
    }
    return answer(await receiver.handle({ headers: request.headers, rawBody }), request);
  };
  return Object.assign(handler, { receiver });
}
export type { ReceiverInput } from './receiver-input';
