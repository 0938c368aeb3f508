/**
 * The receiver as a Node `http` request handler.
 *
 * @module @rankquill/webhooks/node
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyTooLarge, methodNotAllowed, type WebhookReceiver, type WebhookResult } from '../receiver';
import { BodyReadError, type NodeWebhookRequest, readNodeBody } from './node-body';
import { sendJson } from './node-response';
import { type ReceiverInput, toReceiver } from './receiver-input';

/** Options shared by the Node adapters. */
export interface NodeAdapterOptions {
  /**
   * Largest body read, in bytes; a larger delivery gets a 413 and is not read further.
   * Default: the receiver's `maxBodyBytes`, 4 MiB (`WEBHOOK_MAX_BODY_BYTES`) unless set there.
   * @example 8 * 1024 * 1024
   */
  maxBodyBytes?: number;
  /**
   * Called with every answer before it is written, for logs and metrics.
   * @example (result) => console.log(result.event, result.status)
   */
  onResult?: (result: WebhookResult, req: IncomingMessage) => void;
}

/** A `(req, res)` listener for `node:http`, with the receiver it uses. */
export interface NodeWebhookHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  readonly receiver: WebhookReceiver;
}

/**
 * Checks `x-service-key`, then reads, handles and answers one request; shared by the Node http
 * and Express adapters.
 * @example
 * ```ts
 * createServer((req, res) => respondWithReceiver(receiver, req, res)).listen(3000);
 * ```
 */
export async function respondWithReceiver(
  receiver: WebhookReceiver,
  req: NodeWebhookRequest,
  res: ServerResponse,
  options: NodeAdapterOptions,
): Promise<void> {
  const reply = (result: WebhookResult) => {
    options.onResult?.(result, req);
    sendJson(res, result.status, result.body, result.headers);
  };
  if (req.method !== 'POST') return reply(methodNotAllowed(req.method ?? ''));
  const refused = await receiver.checkServiceKey(req.headers);
  if (refused) return reply(refused);
  const maxBodyBytes = options.maxBodyBytes ?? receiver.maxBodyBytes;
  let body: Awaited<ReturnType<typeof readNodeBody>>;
  try {
    body = await readNodeBody(req, maxBodyBytes);
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    if (error.status !== 413) return void sendJson(res, error.status, { error: error.message });
    reply(bodyTooLarge(maxBodyBytes, error.size));
    discardRest(req, maxBodyBytes);
    return;
  }
  reply(
    await receiver.handle({
      headers: req.headers,
      rawBody: body.rawBody,
      rawBodyReconstructed: body.reconstructed,
    }),
  );
}

/**
 * Reads and drops what is left of a refused body (the 413 is already sent), holding none of it:
 * a client that writes its whole body before it reads, as `fetch` does, then gets the 413 rather
 * than a broken pipe. Past four times `maxBodyBytes` more, or 10 seconds, the connection is cut.
 */
function discardRest(req: IncomingMessage, maxBodyBytes: number): void {
  let dropped = 0;
  const cut = () => req.socket?.destroy();
  const timer = setTimeout(cut, 10_000);
  timer.unref?.();
  req.on('data', (chunk: Uint8Array) => {
    dropped += chunk.length;
    if (dropped > 4 * maxBodyBytes) cut();
  });
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/**
 * A `node:http` request listener that receives Rankquill webhooks on every POST it is given.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createNodeHandler } from '@rankquill/webhooks/node';
 * const handler = createNodeHandler({ secret: process.env.RANKQUILL_WEBHOOK_SECRET! });
 * createServer((req, res) => (req.url === '/webhook' ? handler(req, res) : res.writeHead(404).end())).listen(3000);
 * ```
 */
export function createNodeHandler(
  input: ReceiverInput,
  options: NodeAdapterOptions = {},
): NodeWebhookHandler {
  const receiver = toReceiver(input, options.maxBodyBytes);
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    respondWithReceiver(receiver, req, res, options).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: `The receiver failed: ${String(error)}` });
      else res.destroy();
    });
  };
  return Object.assign(handler, { receiver });
}
export type { NodeWebhookRequest } from './node-body';
export type { ReceiverInput } from './receiver-input';
