/**
 * The receiver as a Node `http` request handler.
 *
 * @module @rankquill/webhooks/node
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebhookReceiver, WebhookResult } from '../receiver';
import { BodyReadError, DEFAULT_MAX_BODY_BYTES, type NodeWebhookRequest, readNodeBody } from './node-body';
import { sendJson } from './node-response';
import { type ReceiverInput, toReceiver } from './receiver-input';

/** Options shared by the Node adapters. */
export interface NodeAdapterOptions {
  /**
   * Largest body read, in bytes; larger deliveries get a 413. Default 10 MiB.
   * @example 50 * 1024 * 1024
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
 */
export async function respondWithReceiver(
  receiver: WebhookReceiver,
  req: NodeWebhookRequest,
  res: ServerResponse,
  options: NodeAdapterOptions,
): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(
      res,
      405,
      { error: `Method ${req.method} not allowed: webhook deliveries are POST requests.` },
      { allow: 'POST' },
    );
    return;
  }
  const reply = (result: WebhookResult) => {
    options.onResult?.(result, req);
    sendJson(res, result.status, result.body);
  };
  const refused = await receiver.checkServiceKey(req.headers);
  if (refused) return reply(refused);
  let body: Awaited<ReturnType<typeof readNodeBody>>;
  try {
    body = await readNodeBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    sendJson(res, error.status, { error: error.message });
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
  const receiver = toReceiver(input);
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
