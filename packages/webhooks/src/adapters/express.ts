/**
 * The receiver as Express or Connect middleware.
 *
 * @module @rankquill/webhooks/express
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebhookReceiver, WebhookResult } from '../receiver';
import type { NodeWebhookRequest } from './node-body';
import { type NodeAdapterOptions, respondWithReceiver } from './node-http';
import { sendJson } from './node-response';
import { type ReceiverInput, toReceiver } from './receiver-input';

/** `next` of Express and Connect. */
export type ConnectNext = (error?: unknown) => void;

/** Express/Connect middleware with the receiver it uses and an error handler for JSON parse errors. */
export interface ExpressWebhookHandler {
  (req: NodeWebhookRequest, res: ServerResponse, next?: ConnectNext): void;
  /**
   * Error middleware that answers a body-parser JSON syntax error the way the receiver does
   * (after the secret and signature checks). Only needed when `express.json()` runs first.
   */
  readonly errorHandler: (
    error: unknown,
    req: NodeWebhookRequest,
    res: ServerResponse,
    next: ConnectNext,
  ) => void;
  readonly receiver: WebhookReceiver;
}

/** The 413 for a body `express.json()` refused: its own limit (100 kB by default) decided. */
function parserTooLarge(length: unknown, limit: unknown): WebhookResult {
  const size = typeof length === 'number' ? ` of ${length} bytes` : '';
  const bound = typeof limit === 'number' ? `${limit} bytes` : 'its limit';
  return {
    status: 413,
    body: {
      error: `Request body${size} exceeds the limit of express.json() (${bound}): mount the webhook receiver before express.json(), or give it { limit: WEBHOOK_MAX_BODY_BYTES } (4 MiB).`,
    },
    event: undefined,
  };
}

/**
 * `verify` hook for `express.json()` that keeps the raw bytes on `req.rawBody`, so signatures
 * still verify when the JSON parser runs before the receiver.
 *
 * @example
 * ```ts
 * app.use(express.json({ verify: keepRawBody }));
 * ```
 */
export function keepRawBody(req: IncomingMessage, _res: ServerResponse, buffer: Uint8Array): void {
  (req as NodeWebhookRequest).rawBody = buffer;
}

/**
 * Express (4 and 5) and Connect middleware that receives Rankquill webhooks. Mount it before
 * `express.json()`, or anywhere when the JSON parser keeps the raw bytes (`keepRawBody`). When
 * a parser ran without keeping them, the body is re-serialized with `JSON.stringify`: that
 * reproduces the compact JSON the service sends, so signatures usually still verify, but a body
 * written with other spacing or escapes fails with a 401 that explains this.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createExpressHandler } from '@rankquill/webhooks/express';
 * const app = express();
 * const webhook = createExpressHandler({ secret: process.env.RANKQUILL_WEBHOOK_SECRET! });
 * app.all('/webhook', webhook); // every method: GET gets 405 with Allow: POST
 * app.use(express.json()); // the rest of your app
 * app.listen(3000);
 * ```
 */
export function createExpressHandler(
  input: ReceiverInput,
  options: NodeAdapterOptions = {},
): ExpressWebhookHandler {
  const receiver = toReceiver(input, options.maxBodyBytes);
  const middleware = (req: NodeWebhookRequest, res: ServerResponse, next?: ConnectNext): void => {
    respondWithReceiver(receiver, req, res, options).catch((error: unknown) => {
      if (next) next(error);
      else if (!res.headersSent) sendJson(res, 500, { error: `The receiver failed: ${String(error)}` });
    });
  };
  const errorHandler = (
    error: unknown,
    req: NodeWebhookRequest,
    res: ServerResponse,
    next: ConnectNext,
  ): void => {
    const parseError = error as { type?: unknown; body?: unknown; length?: unknown; limit?: unknown } | null;
    if (parseError?.type === 'entity.too.large') {
      // As without a body parser: a wrong key is a 401 before the size is a 413.
      receiver
        .checkServiceKey(req.headers)
        .then((refused) => {
          const result = refused ?? parserTooLarge(parseError.length, parseError.limit);
          options.onResult?.(result, req);
          sendJson(res, result.status, result.body);
        })
        .catch(next);
      return;
    }
    if (parseError?.type !== 'entity.parse.failed' || typeof parseError.body !== 'string') {
      next(error);
      return;
    }
    receiver
      .handle({ headers: req.headers, rawBody: parseError.body })
      .then((result) => {
        options.onResult?.(result, req);
        sendJson(res, result.status, result.body);
      })
      .catch(next);
  };
  return Object.assign(middleware, { errorHandler, receiver });
}
export type { NodeWebhookRequest } from './node-body';
export type { ReceiverInput } from './receiver-input';
