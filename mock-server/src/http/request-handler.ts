import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyError } from '../api/api-types';
import type { DashboardHandler, DashboardOptions } from '../dashboard/dashboard';
import { DASHBOARD_PATH } from '../dashboard/paths';
import type { Engine } from '../engine/engine';
import type { AppOptions } from './app';
import {
  type AdapterRequest,
  createRequestAnswerer,
  type PageHandler,
  plainTargetPath,
  type RequestAnswerer,
  toApiRequest,
  write,
} from './node-answers';

/** Serves one request; settles once its answer is written (or its client left) and its work has ended. */
export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What a handler takes from Express, loaded when the first request needs it. */
interface ExpressParts {
  /** Reads a body as Express's `text` parser does, limit and encodings included. */
  readBody(req: IncomingMessage, res: ServerResponse): Promise<BodyError | undefined>;
  /** The Express app over the same answerer, for the request targets only its parser reads. */
  app(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/**
 * The reference server's handler: the answers of `createApp`, byte for byte, without Express on
 * the path of a request. A GET or HEAD is read straight from Node's request; a body is read by
 * Express's own parser, and a request target with `#` or white space goes to the Express app,
 * both loaded when first needed (`preload` loads them ahead). The dashboard's pages load with
 * the first dashboard request.
 *
 * @example
 * ```ts
 * const handle = createRequestHandler(engine, { adminToken: process.env.ADMIN_TOKEN });
 * createServer((req, res) => void handle(req, res)).listen(4010);
 * ```
 */
export function createRequestHandler(
  engine: Engine,
  options: AppOptions = {},
): NodeRequestHandler & { preload(): Promise<void> } {
  const dashboard =
    options.dashboard === false
      ? undefined
      : lazyDashboard(engine, {
          admin: options.admin,
          mockRoutes: options.mockRoutes,
          adminToken: options.adminToken,
          onError: options.onError,
        });
  const answerer = createRequestAnswerer(engine, options, dashboard);
  let express: Promise<ExpressParts> | undefined;
  const expressParts = () => {
    express ??= loadExpressParts(answerer);
    return express;
  };

  // A repeated public article read is answered before anything else is made for the request.
  const handle = (req: AdapterRequest, res: ServerResponse): Promise<void> => {
    try {
      // Node lower-cases header names; only set-cookie comes as an array, and no route reads it.
      const headers = req.headers as Record<string, string | undefined>;
      const repeated = answerer.repeat(req.method ?? 'GET', req.url ?? '/', headers);
      return repeated ? write(res, repeated) : answer(req, res);
    } catch (error) {
      return Promise.reject(error); // as an async handler would: the caller's failure path reports it
    }
  };
  const answer = async (req: AdapterRequest, res: ServerResponse): Promise<void> => {
    const path = plainTargetPath(req.url ?? '/');
    if (path === undefined) return (await expressParts()).app(req, res);
    try {
      let bodyError: BodyError | undefined;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        bodyError = await (await expressParts()).readBody(req, res);
      }
      if (bodyError) return await unreadable(req, res, path, bodyError);
      await write(res, await answerer.answer(toApiRequest(req, path, answerer.proxies)));
    } catch (error) {
      // As the Express app's error handler does: the API layer answers what could not be served.
      if (res.headersSent) return void res.destroy();
      const { status, message } = error as { status?: number; message?: string };
      await unreadable(req, res, path, { status: status ?? 400, reason: message ?? 'unknown error' });
    }
  };
  /** The API layer's answer to a request whose body could not be read. */
  const unreadable = async (req: AdapterRequest, res: ServerResponse, path: string, bodyError: BodyError) =>
    write(res, await answerer.api({ ...toApiRequest(req, path, answerer.proxies), body: '', bodyError }));
  return Object.assign(handle, { preload: async () => void (await expressParts()) });
}

async function loadExpressParts(answerer: RequestAnswerer): Promise<ExpressParts> {
  const { expressApp, textBodyReader } = await import('./app');
  const settled = new WeakMap<IncomingMessage, () => void>();
  const app = expressApp(answerer, (req) => settled.get(req)?.());
  const reader = textBodyReader();
  return {
    readBody: (req, res) =>
      new Promise((resolve) => {
        reader(req, res, (error?: { status?: number; message?: string }) =>
          resolve(
            error ? { status: error.status ?? 400, reason: error.message ?? 'unknown error' } : undefined,
          ),
        );
      }),
    app: (req, res) =>
      new Promise((resolve) => {
        settled.set(req, resolve);
        app(req, res);
      }),
  };
}

/** The dashboard, its pages loaded with the first request for one of its paths. */
function lazyDashboard(engine: Engine, options: DashboardOptions): PageHandler {
  let loaded: Promise<DashboardHandler> | undefined;
  return (request) => {
    if (!DASHBOARD_PATH.test(request.path)) return undefined;
    loaded ??= import('../dashboard/dashboard').then((module) =>
      module.createDashboardHandler(engine, options),
    );
    return loaded.then((dashboard) => dashboard(request));
  };
}
