import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest, ApiResponse } from '../api/api-types';
import { readQuery } from '../api/query';
import type { ApiOptions } from '../api/router';
import { createApiHandler } from '../api/router';
import type { Engine } from '../engine/engine';
import { TrustedProxies, type TrustProxyOption } from './trusted-proxies';

/** What the HTTP adapters read of a request: Node's, with the body once one was read. */
export type AdapterRequest = IncomingMessage & { body?: unknown };

/**
 * The dashboard's pages: an answer, or `undefined` (at once, or once it has looked) for a
 * request the API answers.
 */
export type PageHandler = (request: ApiRequest) => Promise<ApiResponse | undefined> | undefined;

/** Answers a request the adapters have read: the dashboard's page, else the API's answer. */
export interface RequestAnswerer {
  answer(request: ApiRequest): Promise<ApiResponse>;
  /** The API layer alone, for a body the adapter could not read. */
  api(request: ApiRequest): Promise<ApiResponse>;
  /** The answer given again to a repeated public article request, at once; `undefined` when `answer` must answer it. */
  repeat(method: string, target: string, headers: ApiRequest['headers']): ApiResponse | undefined;
  /** The origin of `publicUrl`, when one is set. */
  publicOrigin: string | undefined;
  /** The proxies whose forwarded headers are believed (`trustProxy`). */
  proxies: TrustedProxies;
}

/**
 * The dashboard (when one is given) in front of the transport-neutral API layer: the one rule
 * of which answers a request, shared by the Express app and the plain Node handler.
 */
export function createRequestAnswerer(
  engine: Engine,
  options: ApiOptions & { trustProxy?: TrustProxyOption },
  dashboard: PageHandler | undefined,
): RequestAnswerer {
  const api = createApiHandler(engine, options);
  // Behind a proxy that ends TLS a request arrives over http: the public address says where
  // browsers are (the origin their forms come from, and https for the cookie).
  const publicOrigin = options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin;
  return {
    api,
    repeat: api.repeat,
    publicOrigin,
    proxies: TrustedProxies.parse(options.trustProxy),
    answer(request) {
      const page = dashboard?.(publicOrigin ? { ...request, baseUrl: publicOrigin } : request);
      return page ? page.then((answer) => answer || api(request)) : api(request);
    },
  };
}

/** Where `write` leaves the request id of an answer, for the request log (it leaves no header to read back). */
const REQUEST_ID = Symbol('request id');

/** The `X-Request-Id` an answer was written with. */
export function answeredRequestId(res: ServerResponse): string | undefined {
  const header = res.getHeader('x-request-id');
  return typeof header === 'string' ? header : (res as { [REQUEST_ID]?: string })[REQUEST_ID];
}

/**
 * Writes an answer: headers, then the body whole, or its stream chunk by chunk. A disconnect
 * fault's answer closes the socket with nothing sent, as when an answer is lost on the way.
 */
export async function write(res: ServerResponse, answer: ApiResponse): Promise<void> {
  (res as { [REQUEST_ID]?: string })[REQUEST_ID] = answer.headers['x-request-id'];
  if (answer.disconnect) return void res.destroy();
  if (answer.stream) {
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    return writeStream(res, answer.status, answer.stream);
  }
  // One call writes the head (writeHead/end skip Express's content negotiation: the answer is
  // already serialized), and the body goes out as bytes: kept ones, or encoded once here.
  const bytes = answer.bytes ?? Buffer.from(answer.body);
  const headers: string[] = [];
  for (const name in answer.headers) headers.push(name, answer.headers[name] as string);
  headers.push('content-length', String(bytes.byteLength));
  res.writeHead(answer.status, headers);
  res.end(bytes);
}

/**
 * Writes a streamed answer chunk by chunk (chunked transfer encoding). When the socket's buffer
 * is full it waits for `drain` before asking for the next chunk, so a slow client holds only a
 * buffer's worth in memory; when the client goes away it stops the producer. A failure midway
 * aborts the connection: the client sees an incomplete answer, never a short file.
 */
async function writeStream(
  res: ServerResponse,
  status: number,
  stream: AsyncIterable<Uint8Array>,
): Promise<void> {
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

function drainedOrClosed(res: ServerResponse): Promise<void> {
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
 * The request as the API layer reads it. `path` is the request target up to its `?` (the
 * caller passes a target without `#` or white space; Express's parser reads the others).
 * Forwarded headers count only from the proxies `--trust-proxy` names: the client is then the
 * address the nearest untrusted hop was seen from, and the base URL takes the forwarded
 * protocol and host; from anyone else they are anyone's to write, and the peer is the client.
 */
export function toApiRequest(req: AdapterRequest, path: string, proxies: TrustedProxies): ApiRequest {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const forwarded = proxies.read(req.socket.remoteAddress, req.headers);
  const protocol =
    forwarded.protocol ?? ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  return {
    method: req.method ?? 'GET',
    path,
    query: readQuery(mark >= 0 ? url.slice(mark + 1) : ''),
    // Node lower-cases header names; only set-cookie comes as an array, and no route reads it.
    headers: req.headers as Record<string, string | undefined>,
    target: url,
    body: typeof req.body === 'string' ? req.body : '',
    baseUrl: `${protocol}://${forwarded.host ?? req.headers.host ?? 'localhost'}`,
    clientAddress: forwarded.clientAddress || undefined,
  };
}

/**
 * The path of a request target that Express's parser would read without `url.parse` (it starts
 * with `/` and holds no `#`, white space, U+00A0 or U+FEFF): the part before the `?`. Other
 * targets answer `undefined`.
 */
export function plainTargetPath(url: string): string | undefined {
  if (url.charCodeAt(0) !== 0x2f) return undefined;
  if (/[#\s\u00a0\ufeff]/.test(url)) return undefined;
  const mark = url.indexOf('?');
  return mark >= 0 ? url.slice(0, mark) : url;
}
