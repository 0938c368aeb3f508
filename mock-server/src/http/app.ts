import express, { type Express, type Request, type Response } from 'express';
import type { ApiRequest, ApiResponse } from '../api/api-types';
import { readQuery } from '../api/query';
import { type ApiOptions, createApiHandler, MAX_BODY_BYTES } from '../api/router';
import { createDashboardHandler } from '../dashboard/dashboard';
import type { Engine } from '../engine/engine';
import { TrustedProxies, type TrustProxyOption } from './trusted-proxies';

export interface AppOptions extends ApiOptions {
  /** Serve the dashboard at `/` (default true). */
  dashboard?: boolean;
  /**
   * The proxies whose `X-Forwarded-For`, `-Proto` and `-Host` are believed (`--trust-proxy`): a
   * hop count, or addresses, CIDR ranges and `loopback`, `linklocal`, `uniquelocal`. Default
   * none: the peer is the client and those headers are ignored. Throttles count the client.
   * @example { trustProxy: ['loopback', '10.0.0.0/8'] } // or { trustProxy: 1 }
   */
  trustProxy?: TrustProxyOption;
}

/**
 * The Express 5 app of the reference server: reads the raw body, hands the request to the
 * dashboard (its pages) or to the transport-neutral API layer, and writes the answer. No
 * business rule lives here.
 *
 * @example
 * ```ts
 * const app = createApp(engine, { adminToken: process.env.ADMIN_TOKEN });
 * app.listen(4010);
 * ```
 */
export function createApp(engine: Engine, options: AppOptions = {}): Express {
  const handle = createApiHandler(engine, options);
  const dashboard =
    options.dashboard === false
      ? undefined
      : createDashboardHandler(engine, {
          admin: options.admin,
          mockRoutes: options.mockRoutes,
          adminToken: options.adminToken,
          onError: options.onError,
        });
  // Behind a proxy that ends TLS a request arrives over http: the public address says where
  // browsers are (the origin their forms come from, and https for the cookie).
  const publicOrigin = options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin;
  const proxies = TrustedProxies.parse(options.trustProxy);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);
  const readBody = express.text({ type: () => true, limit: MAX_BODY_BYTES });
  app.use((req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? next() : readBody(req, res, next),
  );
  app.use(async (req: Request, res: Response) => {
    const request = toApiRequest(req, proxies);
    const page =
      dashboard && (await dashboard(publicOrigin ? { ...request, baseUrl: publicOrigin } : request));
    return write(res, page || (await handle(request)));
  });
  // Express calls this for bodies it cannot read (too large, bad encoding); the API layer answers.
  app.use(
    async (error: { status?: number; message?: string }, req: Request, res: Response, _next: unknown) => {
      if (res.headersSent) return void res.destroy();
      const bodyError = { status: error.status ?? 400, reason: error.message ?? 'unknown error' };
      await write(res, await handle({ ...toApiRequest(req, proxies), body: '', bodyError }));
    },
  );
  return app;
}

async function write(res: Response, answer: ApiResponse): Promise<void> {
  // Set one by one, the headers stay readable (`getHeader`) for the request log.
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (answer.stream) return writeStream(res, answer.status, answer.stream);
  // writeHead/end skip Express's content negotiation: the answer is already serialized.
  res.writeHead(answer.status, { 'content-length': Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

/**
 * Writes a streamed answer chunk by chunk (chunked transfer encoding). When the socket's buffer
 * is full it waits for `drain` before asking for the next chunk, so a slow client holds only a
 * buffer's worth in memory; when the client goes away it stops the producer. A failure midway
 * aborts the connection: the client sees an incomplete answer, never a short file.
 */
async function writeStream(res: Response, status: number, stream: AsyncIterable<Uint8Array>): Promise<void> {
  res.writeHead(status);
  const chunks = stream[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (res.destroyed) {
        await chunks.return?.();
        return;
      }
      const next = await chunks.next();
      if (next.done) break;
      if (!res.write(next.value)) await drainedOrClosed(res);
    }
    res.end();
  } catch {
    // The router has reported the error; the status line is sent, so all that is left is to cut.
    res.destroy();
  }
}

function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * The request as the API layer reads it. Forwarded headers count only from the proxies
 * `--trust-proxy` names: the client is then the address the nearest untrusted hop was seen
 * from, and the base URL takes the forwarded protocol and host; from anyone else they are
 * anyone's to write, and the peer is the client.
 */
function toApiRequest(req: Request, proxies: TrustedProxies): ApiRequest {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const forwarded = proxies.read(req.socket.remoteAddress, req.headers);
  const protocol =
    forwarded.protocol ?? ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  return {
    method: req.method,
    path: req.path,
    query: readQuery(mark >= 0 ? url.slice(mark + 1) : ''),
    // Node lower-cases header names; only set-cookie comes as an array, and no route reads it.
    headers: req.headers as Record<string, string | undefined>,
    body: typeof req.body === 'string' ? req.body : '',
    baseUrl: `${protocol}://${forwarded.host ?? req.get('host') ?? 'localhost'}`,
    clientAddress: forwarded.clientAddress || undefined,
  };
}
