import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { redactText } from '../engine/index';
import { answeredRequestId } from '../http/node-answers';

/**
 * One JSON log line per answered request; never the query string (download links carry
 * signatures), and a key written in the path only by its first characters.
 */
export type RequestLogLine = {
  event: 'request';
  method: string;
  path: string;
  /** `null` when the connection closed before a status was sent (a disconnect fault). */
  status: number | null;
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
      const path = redactText((req.url ?? '').split('?', 1)[0] ?? '');
      res.once('close', () => {
        const requestId = answeredRequestId(res);
        log({
          event: 'request',
          method,
          path,
          status: res.headersSent ? res.statusCode : null,
          ms: Math.round((performance.now() - started) * 10) / 10,
          request_id: requestId ?? null,
          ...(res.writableFinished ? {} : { aborted: true }),
        });
      });
    }
    app(req, res);
  };
}

function toOriginForm(req: IncomingMessage): void {
  // Most targets are in origin form already.
  if (req.url?.charCodeAt(0) === 0x2f) return;
  const absolute = /^https?:\/\/(?:[^/?#@]*@)?([^/?#]*)(.*)$/is.exec(req.url ?? '/');
  if (!absolute) return;
  const [, host = '', rest = ''] = absolute;
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  if (host !== '') req.headers.host = host;
}
