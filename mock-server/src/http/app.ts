import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { type ApiOptions, MAX_BODY_BYTES } from '../api/router';
import { createDashboardHandler } from '../dashboard/dashboard';
import type { Engine } from '../engine/engine';
import { createRequestAnswerer, type RequestAnswerer, toApiRequest, write } from './node-answers';
import type { TrustProxyOption } from './trusted-proxies';

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
 * business rule lives here. (`startServer` answers the same bytes through
 * `createRequestHandler`, which keeps Express off the path of most requests.)
 *
 * @example
 * ```ts
 * const app = createApp(engine, { adminToken: process.env.ADMIN_TOKEN });
 * app.listen(4010);
 * ```
 */
export function createApp(engine: Engine, options: AppOptions = {}): Express {
  const dashboard =
    options.dashboard === false
      ? undefined
      : createDashboardHandler(engine, {
          admin: options.admin,
          mockRoutes: options.mockRoutes,
          adminToken: options.adminToken,
          onError: options.onError,
        });
  return expressApp(createRequestAnswerer(engine, options, dashboard));
}

/** Express's `text` parser as the app reads bodies: any type, up to `MAX_BODY_BYTES`. */
export function textBodyReader(): (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: { status?: number; message?: string }) => void,
) => void {
  return express.text({ type: () => true, limit: MAX_BODY_BYTES }) as never;
}

/**
 * The Express app over `answerer`. `settled` hears of each request once its answer is written
 * or cut (for a server that waits for its requests before it stops).
 */
export function expressApp(answerer: RequestAnswerer, settled?: (req: IncomingMessage) => void): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);
  const readBody = textBodyReader();
  app.use((req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? next() : readBody(req, res, next),
  );
  app.use(async (req: Request, res: Response) => {
    await write(res, await answerer.answer(toApiRequest(req, req.path, answerer.proxies)));
    settled?.(req);
  });
  // Express calls this for bodies it cannot read (too large, bad encoding); the API layer answers.
  app.use(
    async (
      error: { status?: number; message?: string },
      req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      try {
        if (res.headersSent) return void res.destroy();
        const bodyError = { status: error.status ?? 400, reason: error.message ?? 'unknown error' };
        await write(
          res,
          await answerer.api({ ...toApiRequest(req, req.path, answerer.proxies), body: '', bodyError }),
        );
      } finally {
        settled?.(req);
      }
    },
  );
  return app;
}
