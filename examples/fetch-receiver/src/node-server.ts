import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/** What Next.js does for a route handler: turn the Node request into a Request, write the Response back. */
function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Serves `POST` at `path` on node:http; resolves with the webhook URL and a close function. */
export async function serveRoute(
  post: (request: Request) => Promise<Response>,
  { port = 0, path = '/api/rankquill' }: { port?: number; path?: string } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    post(toRequest(req))
      .then((response) => send(res, response))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
