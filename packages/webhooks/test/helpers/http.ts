import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Readable } from 'node:stream';
import type { DeliveryCase } from './vectors';

export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Listens on an ephemeral loopback port. */
export async function listen(handler: RequestListener | Server): Promise<Running> {
  const server = typeof handler === 'function' ? createServer(handler) : handler;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Sends a vector's request over real HTTP and reads the JSON answer. */
export async function post(
  url: string,
  delivery: DeliveryCase,
): Promise<{ status: number; body: unknown; contentType: string | null }> {
  const response = await fetch(`${url}${delivery.request.path}`, {
    method: delivery.request.method,
    headers: delivery.request.headers,
    body: delivery.request.body,
  });
  return {
    status: response.status,
    body: await response.json(),
    contentType: response.headers.get('content-type'),
  };
}

/** Serves a Fetch API handler on node:http, the way Next.js or Hono's Node server bridge it. */
export function fetchBridge(handler: (request: Request) => Promise<Response>): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: 'half',
    } as RequestInit);
    handler(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
  };
}

/**
 * POSTs `chunks` with chunked transfer encoding (no content-length) and, unless `end` is false,
 * ends the body. Resolves with the answer's status and JSON body as soon as the answer arrives,
 * which for `end: false` proves the server answered without reading the whole body.
 */
export function postChunked(
  url: string,
  headers: Record<string, string>,
  chunks: string[],
  { end = true } = {},
): Promise<{ status: number; body: unknown }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, method: 'POST', path: target.pathname, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          req.destroy();
        });
      },
    );
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    for (const chunk of chunks) req.write(chunk);
    if (end) req.end();
  });
}

/** Writes `request` as it stands to the server's socket and resolves with the answer's status. */
export function rawRequestStatus(url: string, request: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (status) {
        resolve(Number(status[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}
