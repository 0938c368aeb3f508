import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** One JSON log line per answered request; never the query string (download links carry signatures). */
export type RequestLogLine = {
  event: 'request';
  method: string;
  path: string;
  status: number;
  ms: number;
  request_id: string | null;
  /** The connection closed before the answer was complete. */
  aborted?: true;
};

/**
 * The Node request listener in front of the Express app. A request target in absolute form
 * (`GET http://host/v1/projects`, which RFC 9112 says servers must accept) becomes the origin
 * form (`/v1/projects`) with its host as `Host`, so the app reads it with the WHATWG URL parser
 * rather than Express's `url.parse()`, which prints a deprecation warning on stderr. With `log`,
 * each request ends in one log line.
 *
 * @example
 * ```ts
 * createServer(requestListener(createApp(engine), (line) => console.error(JSON.stringify(line))));
 * ```
 */
export function requestListener(app: RequestListener, log?: (line: RequestLogLine) => void): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    toOriginForm(req);
    if (log) {
      const started = performance.now();
      const method = req.method ?? '';
      const path = (req.url ?? '').split('?', 1)[0] ?? '';
      const requestIdOf = watchRequestId(res);
      res.once('close', () => {
        const requestId = requestIdOf();
        log({
          event: 'request',
          method,
          path,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          request_id: requestId ?? null,
          ...(res.writableFinished ? {} : { aborted: true }),
        });
      });
    }
    app(req, res);
  };
}

/**
 * Answers the `X-Request-Id` the response was sent with. Headers handed to `writeHead` as an
 * object are not kept where `getHeader` looks, so `writeHead` is watched too.
 */
function watchRequestId(res: ServerResponse): () => string | undefined {
  let fromWriteHead: unknown;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((arg) => typeof arg === 'object' && arg !== null);
    if (Array.isArray(headers)) {
      const at = headers.findIndex(
        (name, index) => index % 2 === 0 && String(name).toLowerCase() === 'x-request-id',
      );
      if (at >= 0) fromWriteHead = headers[at + 1];
    } else if (headers) {
      const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-request-id');
      if (entry) fromWriteHead = entry[1];
    }
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof res.writeHead;
  return () => {
    const value = res.getHeader('x-request-id') ?? fromWriteHead;
    return typeof value === 'string' ? value : undefined;
  };
}

function toOriginForm(req: IncomingMessage): void {
  const absolute = /^https?:\/\/(?:[^/?#@]*@)?([^/?#]*)(.*)$/is.exec(req.url ?? '/');
  if (!absolute) return;
  const [, host = '', rest = ''] = absolute;
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  if (host !== '') req.headers.host = host;
}
