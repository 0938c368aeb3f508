import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
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
