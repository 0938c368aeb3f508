/**
 * The receiver as a Fetch API handler: Next.js route handlers, Hono, Bun, Deno, Workers.
 *
 * @module @rankquill/webhooks/fetch
 */
import type { WebhookReceiver, WebhookResult } from '../receiver';
import { type ReceiverInput, toReceiver } from './receiver-input';

/** Options of `createFetchHandler`. */
export interface FetchAdapterOptions {
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
 * A `(request: Request) => Promise<Response>` handler for runtimes built on the Fetch API:
 * Next.js route handlers, Hono, Bun, Deno, Cloudflare Workers. Uses no Node module.
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
  const handler = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') {
      return json(
        405,
        { error: `Method ${request.method} not allowed: webhook deliveries are POST requests.` },
        { allow: 'POST' },
      );
    }
    const rawBody = new Uint8Array(await request.arrayBuffer());
    const result = await receiver.handle({ headers: request.headers, rawBody });
    options.onResult?.(result, request);
    return json(result.status, result.body);
  };
  return Object.assign(handler, { receiver });
}
export type { ReceiverInput } from './receiver-input';
